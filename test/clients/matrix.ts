import { afterAll, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { createFakeServer, type FakeServer, type Scripts } from 'standin/server';

/**
 * The jobs every client does against the wire server, with its default settings (only its base URL and key
 * changed): a plain reply, a streamed reply, a tool round trip, structured output through the client's own API, a
 * scripted rate limit the client retries by itself, and two conversations in their own scopes at once.
 */
export const JOBS = ['plain', 'stream', 'tools', 'structured', 'retry', 'scopes'] as const;
export type Job = (typeof JOBS)[number];

/** One cell of the matrix: what a client does for one job, against `server`. */
export type Cell = (server: FakeServer) => Promise<void>;

/** How long a cell may take: a client's own back-off included (LangChain's is 1 to 2 s a retry). */
export const CELL_TIMEOUT_MS = 30_000;

/** The answers each job scripts, and what the client must get from them. */
export const script = {
  plain: [{ text: 'Hello from standin.' }],
  stream: [{ text: 'Streamed from standin.' }],
  tools: [{ calls: [{ tool: 'weather', with: { city: 'Paris' } }] }, { text: 'It is sunny in Paris.' }],
  structured: [{ value: { team: 'billing', urgent: true } }],
  retry: [{ fail: 'rate_limit', times: 1, text: 'Answered after a retry.' }],
} as const satisfies Record<string, NonNullable<Scripts['models']>[string]>;

/** What the scripts answer: the texts and the typed value each cell expects. */
export const expected = {
  plain: 'Hello from standin.',
  stream: 'Streamed from standin.',
  tools: 'It is sunny in Paris.',
  structured: { team: 'billing', urgent: true },
  retry: 'Answered after a retry.',
} as const;

/** The typed value structured output asks for. */
export const triage = z.object({ team: z.enum(['billing', 'technical']), urgent: z.boolean() });
/** An object's JSON Schema, in the mutable form the clients' types take. */
interface ObjectSchema {
  type: 'object';
  properties: Record<string, Record<string, unknown>>;
  required: string[];
  additionalProperties: false;
  [key: string]: unknown;
}

/** Its JSON Schema, for clients that take one. */
export const triageSchema: ObjectSchema = {
  type: 'object',
  properties: { team: { type: 'string', enum: ['billing', 'technical'] }, urgent: { type: 'boolean' } },
  required: ['team', 'urgent'],
  additionalProperties: false,
};
/** The tool the tool round trip offers, and what running it gives. */
export const weather = {
  name: 'weather',
  description: 'The weather in a city.',
  schema: {
    type: 'object',
    properties: { city: { type: 'string' } },
    required: ['city'],
    additionalProperties: false,
  } satisfies ObjectSchema as ObjectSchema,
  input: z.object({ city: z.string() }),
  run: ({ city }: { city: string }) => ({ city, sky: 'sunny' }),
};

/** The prompt each job sends. */
export const PROMPT = 'What is the weather in Paris?';

/**
 * Starts one wire server for the file (closed after it), and registers each client × job cell as a concurrent test
 * named `<client> × <job>`: with `cells`, every job of {@link JOBS} and the client's own extra ones; with `others`,
 * the jobs of a client that is not a model's.
 */
export function matrix(): {
  cells: (client: string, cells: Cells) => void;
  others: (client: string, cells: Readonly<Record<string, Cell>>) => void;
} {
  let server: FakeServer | undefined;
  beforeAll(async () => {
    server = await createFakeServer();
  });
  afterAll(async () => {
    await server?.close();
  });
  const register = (client: string, cells: Readonly<Record<string, Cell>>): void => {
    for (const [job, cell] of Object.entries(cells))
      it.concurrent(`${client} × ${job}`, () => cell(server!), CELL_TIMEOUT_MS);
  };
  // A client of a model does every job; another (an MCP client) does the jobs its protocol has.
  return { cells: register, others: register };
}

/** The cells of one client: one per job, and any of its own. */
export type Cells = Record<Job, Cell> & Record<string, Cell>;

let scopes = 0;

/** A fresh scope with `answers` scripted for `model` there; the scope header its client sends. */
export function scoped(
  server: FakeServer,
  model: string,
  answers: NonNullable<Scripts['models']>[string],
): { scope: string; headers: { 'x-standin-scope': string } } {
  const scope = `cell-${process.pid}-${++scopes}`;
  server.load({ models: { [model]: answers } }, scope);
  return { scope, headers: { 'x-standin-scope': scope } };
}

/** The requests the server took in `scope`. */
export function sentIn(server: FakeServer, scope: string): readonly { readonly input: unknown }[] {
  return server.sent.filter((entry) => entry.scope === scope) as readonly { readonly input: unknown }[];
}

/** Checks the tool round trip reached the server: the second request carries the tool's result for the call. */
export function expectToolResult(server: FakeServer, scope: string): void {
  const sent = sentIn(server, scope);
  expect(sent).toHaveLength(2);
  const last = (sent[1]!.input as { messages: unknown[] }).messages.at(-1);
  expect(last).toMatchObject({ role: 'tool', results: [{ tool: 'weather' }] });
  expect(JSON.stringify(last)).toContain('sunny');
}

/** Checks the rate limit was retried by the client: two requests, the second answered. */
export function expectRetried(server: FakeServer, scope: string): void {
  expect(sentIn(server, scope)).toHaveLength(2);
}

/**
 * Two conversations at once, each in its own scope with its own answer: `ask(headers)` runs one, with the scope
 * headers its client sends, and gives its text.
 */
export async function twoScopes(
  server: FakeServer,
  model: string,
  ask: (headers: { 'x-standin-scope': string }) => Promise<string>,
): Promise<void> {
  const first = scoped(server, model, [{ text: 'Answer for the first test.' }]);
  const second = scoped(server, model, [{ text: 'Answer for the second test.' }]);
  const [a, b] = await Promise.all([ask(first.headers), ask(second.headers)]);
  expect([a, b]).toEqual(['Answer for the first test.', 'Answer for the second test.']);
  await server.verify(first.scope);
  await server.verify(second.scope);
}
