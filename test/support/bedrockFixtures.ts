import { readdirSync, readFileSync } from 'node:fs';
import type { EventHeaders } from '../../src/protocols/eventStream/eventHeaders.js';
import { encodeMessage } from '../../src/protocols/eventStream/eventMessage.js';

/** The fixtures written from Bedrock's API reference (test/fixtures/bedrock), read once by both sides' tests. */
const root = new URL('../fixtures/bedrock/', import.meta.url);

/** One event-stream message of a fixture: its string headers and its JSON payload. */
export interface StreamFixture {
  readonly name: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly payload: Record<string, unknown>;
}

/** One HTTP error answer of a fixture: its status, headers and body. */
export interface ErrorFixture {
  readonly name: string;
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: { readonly message: string };
}

function read<T>(path: string): T {
  return JSON.parse(readFileSync(new URL(path, root), 'utf8')) as T;
}

function names(folder: string): string[] {
  return readdirSync(new URL(folder, root))
    .filter((file) => file.endsWith('.json'))
    .map((file) => file.slice(0, -5))
    .sort();
}

/** A whole Converse answer: `converse` or `converseToolUse`. */
export function answerFixture(name: 'converse' | 'converseToolUse'): Record<string, unknown> {
  return read(`${name}.json`);
}

/** Every stream event and exception. */
export function streamFixtures(): StreamFixture[] {
  return names('stream/').map((name) => ({ name, ...read<Omit<StreamFixture, 'name'>>(`stream/${name}.json`) }));
}

/** One stream fixture, by its file name (`messageStart`, `contentBlockDelta.text`, `throttlingException`, ...). */
export function streamFixture(name: string): StreamFixture {
  const found = streamFixtures().find((fixture) => fixture.name === name);
  if (found === undefined) throw new Error(`no stream fixture ${name}`);
  return found;
}

/** Every HTTP error answer. */
export function errorFixtures(): ErrorFixture[] {
  return names('errors/').map((name) => ({ name, ...read<Omit<ErrorFixture, 'name'>>(`errors/${name}.json`) }));
}

/** A stream fixture as the bytes of its event-stream message, its payload changed by `change` when given. */
export function fixtureBytes(fixture: StreamFixture, change: Record<string, unknown> = {}): Uint8Array {
  const headers: EventHeaders = Object.fromEntries(
    Object.entries(fixture.headers).map(([name, value]) => [name, { type: 'string' as const, value }]),
  );
  return encodeMessage({ headers, body: new TextEncoder().encode(JSON.stringify({ ...fixture.payload, ...change })) });
}
