import { inspect } from 'node:util';
import { StandinError } from '../../errors/StandinError.js';
import { clip } from '../../validation/formatPath.js';
import { shownName } from '../../validation/readGuard.js';
import type { Asked } from './AskedSubject.js';
import { matchesPartly, partOf, type Equals } from './partOf.js';
import { replies, toolCalls, type SentConversation } from './sentViews.js';

/**
 * What a matcher found: pass or not, in words for it and `.not`, and for a failure what was expected against the
 * nearest call.
 */
export interface Verdict {
  readonly pass: boolean;
  readonly said: (not: boolean) => string;
  readonly diff?: { readonly expected: unknown; readonly actual: unknown } | undefined;
}

/** How many requests a message lists before it counts the rest. */
const LISTED = 10;

/**
 * Whether the subject was asked for a reply: at all, or exactly `times` times.
 *
 * @throws {StandinError} `T0062` for `times` that is not a whole number from 0.
 */
export function askedVerdict(asked: Asked, times?: number): Verdict {
  if (times !== undefined && !(Number.isInteger(times) && times >= 0)) {
    throw new StandinError(
      'T0062',
      `toHaveBeenAsked(times): times is ${shownValue(times)}; give a whole number from 0, or leave it out for "at least once".`,
    );
  }
  const requests = replies(asked.sent) as SentConversation[];
  const count = requests.length;
  const wanted = times === undefined ? 'at least once' : timesOf(times);
  return {
    pass: times === undefined ? count > 0 : count === times,
    said: (not) =>
      `expected ${asked.name} ${not ? 'not ' : ''}to have been asked ${not && times === undefined ? '' : wanted}`.trimEnd() +
      `, and it was asked ${count === 0 ? 'never' : `${timesOf(count)}:\n${listed(requests)}`}`,
  };
}

/**
 * Whether one of the subject's reply requests holds `expected`: each field `expected` names is
 * equal (objects partly, the same way down), by `equals`.
 *
 * @throws {StandinError} `T0062` for `expected` that is not an object.
 */
export function askedWithVerdict(asked: Asked, expected: unknown, equals: Equals): Verdict {
  if (typeof expected !== 'object' || expected === null || Array.isArray(expected)) {
    throw new StandinError(
      'T0062',
      `toHaveBeenAskedWith(request): request is ${shownName(expected)}; give the part of a reply request to look ` +
        `for, such as { instructions: 'Be brief.' } or { messages: [{ role: 'user', content: 'Hi' }] }.`,
    );
  }
  const requests = replies(asked.sent);
  const at = requests.findIndex((request) => matchesPartly(request, expected, equals));
  const near = nearest(requests, expected, equals);
  return {
    pass: at >= 0,
    said: (not) =>
      not
        ? `expected ${asked.name} not to have been asked with ${shownValue(expected)}, and request ${at + 1} of ` +
          `${requests.length} holds it`
        : `expected ${asked.name} to have been asked with the request below, and ` +
          (requests.length === 0
            ? 'it was never asked'
            : `none of its ${requests.length} request${requests.length === 1 ? '' : 's'} holds it; the nearest is ` +
              `request ${near + 1}:`),
    diff: requests.length === 0 ? undefined : { expected, actual: partOf(requests[near], expected) },
  };
}

/**
 * Whether the model called tool `tool` (with input holding `input`, when given): a call as the
 * requests after it carry it back to the model.
 *
 * @throws {StandinError} `T0062` for a tool name that is not a non-empty string.
 */
export function calledToolVerdict(asked: Asked, tool: string, input: unknown, equals: Equals): Verdict {
  if (typeof tool !== 'string' || tool === '') {
    throw new StandinError(
      'T0062',
      `toHaveCalledTool(name, input?): name is ${shownName(tool)}; give the tool's name as the agent's tools name it.`,
    );
  }
  const calls = toolCalls(asked.sent);
  const named = calls.filter((call) => call.tool === tool);
  const match = named.find((call) => input === undefined || matchesPartly(call.with, input, equals));
  const withInput = input === undefined ? '' : ` with ${shownValue(input)}`;
  const called = calls.length === 0 ? 'it called no tool' : `it called ${calls.map((call) => call.tool).join(', ')}`;
  const last = named.at(-1);
  return {
    pass: match !== undefined,
    said: (not) =>
      not
        ? `expected ${asked.name} not to have called tool '${tool}'${withInput}, and it did, with ${shownValue(match?.with)}`
        : named.length === 0
          ? `expected ${asked.name} to have called tool '${tool}'${withInput}, and ${called}`
          : `expected ${asked.name} to have called tool '${tool}' with the input below, and ` +
            `${named.length === 1 ? 'its call of it' : `its ${named.length} calls of it`} had other input; the last:`,
    diff: last === undefined || input === undefined ? undefined : { expected: input, actual: partOf(last.with, input) },
  };
}

/** Whether the subject gave every answer it was scripted with, in every scope it was used in. */
export async function answeredAllVerdict(asked: Asked): Promise<Verdict> {
  const left = await asked.pending();
  const shown = left.slice(0, LISTED).map((line) => `  ${line}`);
  if (left.length > LISTED) shown.push(`  and ${left.length - LISTED} more`);
  return {
    pass: left.length === 0,
    said: (not) =>
      not
        ? `expected ${asked.name} to have answers left, and it gave every one`
        : `expected ${asked.name} to have given every answer, and ${left.length} ${left.length === 1 ? 'is' : 'are'} ` +
          `left:\n${shown.join('\n')}`,
  };
}

/** The request whose fields agree most with `expected`'s, the last of equals: the one to diff. */
function nearest(requests: readonly unknown[], expected: object, equals: Equals): number {
  let best = 0;
  let score = -1;
  requests.forEach((request, at) => {
    const agree = Object.entries(expected).filter(([key, value]) =>
      matchesPartly((request as Record<string, unknown>)[key], value, equals),
    ).length;
    if (agree >= score) {
      best = at;
      score = agree;
    }
  });
  return best;
}

function listed(requests: readonly SentConversation[]): string {
  const lines = requests.slice(0, LISTED).map((request, at) => `  ${at + 1}. ${lastMessage(request)}`);
  if (requests.length > LISTED) lines.push(`  and ${requests.length - LISTED} more`);
  return lines.join('\n');
}

/** A request in one line: what it ends with, the turn the model answers. */
function lastMessage(request: SentConversation): string {
  const messages = request.messages;
  if (typeof messages === 'string') return `user: ${JSON.stringify(clip(messages, 60))}`;
  const last = messages.at(-1);
  if (last === undefined) return 'no messages';
  if (last.role === 'tool') return `tool results: ${last.results.map((result) => result.tool).join(', ')}`;
  if (last.role === 'assistant') return `assistant: ${JSON.stringify(clip(last.content ?? '', 60))}`;
  const text =
    typeof last.content === 'string'
      ? last.content
      : last.content.map((part) => ('text' in part ? part.text : `[${part.type}]`)).join(' ');
  return `user: ${JSON.stringify(clip(text, 60))}`;
}

function timesOf(count: number): string {
  return count === 1 ? 'once' : count === 2 ? 'twice' : `${count} times`;
}

/** A value for a message, on one line where it fits. */
export function shownValue(value: unknown): string {
  return inspect(value, { depth: 6, breakLength: 100, compact: 3, maxArrayLength: 20, maxStringLength: 200 });
}

/** A value for a diff, a field a line, so a diff shows the fields that differ. */
export function diffLines(value: unknown): string {
  return inspect(value, { depth: 8, compact: false, maxArrayLength: 50, maxStringLength: 500 });
}
