import { clip } from '../../validation/formatPath.js';
import { linearRegExp } from '../../validation/linearRegExp.js';
import { PatternRefused } from '../../validation/PatternRefused.js';
import type { ReplyRequest } from '../../services/spec/Provider.js';
import type { SentReplyRequest } from './sentRequest.js';
import { MAX_MATCHED_CHARS, whenFields, type TextMatch, type When } from './whenSchema.js';

/** The texts of one request a `when` reads; a text the request lacks is undefined and matches nothing. */
export interface RequestTexts {
  readonly user: string | undefined;
  readonly instructions: string | undefined;
  /** The last message's tool results, each as one text. */
  readonly toolResult: readonly string[] | undefined;
  readonly model: string;
}

/** A `when`, compiled once: whether a request matches it, and how messages show it. */
export interface Matcher {
  readonly when: When;
  matches(texts: RequestTexts): boolean;
  /** The `when` as a message shows it: `when { user contains "refund" }`. */
  readonly shown: string;
}

/** Compiles a checked `when`; a regular expression that does not compile answers a problem line for `T0003`. */
export function compileWhen(when: When, label: string): Matcher | string {
  const tests: ((texts: RequestTexts) => boolean)[] = [];
  const shown: string[] = [];
  for (const field of whenFields) {
    const match = when[field];
    if (match === undefined) continue;
    const test = compileText(match);
    if (typeof test === 'string') return `${label}.when.${field}: ${test}`;
    shown.push(`${field} ${showMatch(match)}`);
    tests.push(field === 'toolResult' ? (t) => t.toolResult?.some(test) ?? false : (t) => fieldTest(t[field], test));
  }
  return { when, matches: (texts) => tests.every((test) => test(texts)), shown: `when { ${shown.join(', ')} }` };
}

function fieldTest(text: string | undefined, test: (text: string) => boolean): boolean {
  return text !== undefined && test(text);
}

function compileText(match: TextMatch): ((text: string) => boolean) | string {
  if (typeof match === 'string') return (text) => text.includes(match);
  const { contains, equals, regex } = match;
  if (contains !== undefined) return (text) => text.includes(contains);
  if (equals !== undefined) return (text) => text === equals;
  let pattern: RegExp;
  try {
    // Matched in linear time: no text of a request makes a match take longer than the text is long.
    pattern = linearRegExp(regex!, match.flags);
  } catch (error) {
    if (!(error instanceof PatternRefused)) throw error;
    return `the regular expression ${error.message}, or use { contains }.`;
  }
  return (text) => pattern.test(text.length > MAX_MATCHED_CHARS ? text.slice(0, MAX_MATCHED_CHARS) : text);
}

function showMatch(match: TextMatch): string {
  if (typeof match === 'string') return `contains ${JSON.stringify(cut(match))}`;
  if (match.contains !== undefined) return `contains ${JSON.stringify(cut(match.contains))}`;
  if (match.equals !== undefined) return `equals ${JSON.stringify(cut(match.equals))}`;
  return `matches /${cut(match.regex!)}/${match.flags ?? ''}`;
}

function cut(text: string): string {
  return clip(text, 80);
}

/** What `when`s read: the last user message's text, the instructions, the last tool results, the app's model name. */
export function requestTexts(request: ReplyRequest | SentReplyRequest, model: string): RequestTexts {
  let user: string | undefined;
  for (let i = request.messages.length - 1; i >= 0 && user === undefined; i--) {
    const message = request.messages[i]!;
    if (message.role !== 'user') continue;
    user =
      typeof message.content === 'string'
        ? message.content
        : message.content.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('\n');
  }
  const last = request.messages.at(-1);
  const toolResult =
    last?.role === 'tool'
      ? last.results.map((result) =>
          result.error !== undefined ? result.error : typeof result.output === 'string' ? result.output : json(result),
        )
      : undefined;
  return { user, instructions: request.instructions, toolResult, model };
}

function json(result: { readonly output?: unknown }): string {
  try {
    return JSON.stringify(result.output) ?? '';
  } catch {
    // An output JSON cannot write (a cycle, a BigInt) matches as no text at all.
    return '';
  }
}

/** The request's texts as a message shows them, each cut to 120 characters. */
export function showTexts(texts: RequestTexts): string {
  const shown: string[] = [];
  if (texts.user !== undefined) shown.push(`user ${JSON.stringify(clip(texts.user, 120))}`);
  if (texts.instructions !== undefined) shown.push(`instructions ${JSON.stringify(clip(texts.instructions, 120))}`);
  for (const result of (texts.toolResult ?? []).slice(0, 3))
    shown.push(`toolResult ${JSON.stringify(clip(result, 120))}`);
  shown.push(`model ${JSON.stringify(clip(texts.model, 120))}`);
  return shown.join(', ');
}
