import { ContainerModule } from 'inversify';
import {
  Tokens,
  type CallContext,
  type Provider,
  type ReplyPart,
  type ReplyRequest,
  type StandinConfigInput,
} from '../../src/index.js';
import { createTestApp, type TestApp } from '../../src/testing.js';

/** One provider call as a test provider saw it. */
export interface SeenCall {
  readonly request: ReplyRequest;
  readonly context: CallContext;
}

/** What one reply call does: yield these parts, or throw (before any part, or after some). */
export type Turn = readonly ReplyPart[] | Error | { readonly parts: readonly ReplyPart[]; readonly then: Error };

/**
 * A small in-test provider: each reply call takes the next turn of `turns` (the last one repeats),
 * or asks `turns` when it is a function. Records what it was asked.
 */
export function scripted(
  turns: readonly Turn[] | ((request: ReplyRequest, context: CallContext, n: number) => Turn),
): Provider & { readonly seen: SeenCall[] } {
  const seen: SeenCall[] = [];
  return {
    seen,
    async *reply(request, context) {
      const n = seen.length;
      seen.push({ request, context });
      const turn = typeof turns === 'function' ? turns(request, context, n) : turns[Math.min(n, turns.length - 1)]!;
      if (turn instanceof Error) throw turn;
      const parts = 'then' in turn ? turn.parts : turn;
      for (const part of parts) yield part;
      if ('then' in turn) throw turn.then;
    },
  };
}

/** The parts of a plain text reply. */
export const says = (text: string, units = { tokensIn: 1, tokensOut: 1 }): ReplyPart[] => [
  { type: 'text', text },
  { type: 'units', ...units },
  { type: 'finish', reason: 'stop' },
];

/** The parts of a reply that asks for tools. */
export const asks = (...calls: readonly { tool: string; with: unknown }[]): ReplyPart[] => [
  ...calls.map((call, i): ReplyPart => ({ type: 'call', call: { id: `call-${i}`, tool: call.tool, with: call.with } })),
  { type: 'units', tokensIn: 2, tokensOut: 1 },
  { type: 'finish', reason: 'calls' },
];

/** The parts of a reply that gives a typed value, its JSON cut in two. */
export const gives = (value: unknown): ReplyPart[] => {
  const json = JSON.stringify(value);
  const cut = Math.floor(json.length / 2);
  return [
    { type: 'value', json: json.slice(0, cut) },
    { type: 'value', json: json.slice(cut) },
    { type: 'finish', reason: 'stop' },
  ];
};

/** A test app whose providers are bound by name, as an application's module would bind them. */
export function appWith(providers: Readonly<Record<string, Provider>>, config: StandinConfigInput): TestApp {
  return createTestApp(
    config,
    new ContainerModule(({ bind }) => {
      for (const [name, provider] of Object.entries(providers))
        bind(Tokens.Provider).toConstantValue(provider).whenNamed(name);
    }),
  );
}

/** Collects every item of an async iterable. */
export async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of iterable) items.push(item);
  return items;
}
