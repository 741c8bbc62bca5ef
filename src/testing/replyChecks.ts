import assert from 'node:assert/strict';
import type { CallContext, ReplyPart } from '../services/spec/Provider.js';

/** The most parts the suite reads from one reply: a provider that streams for ever fails, not hangs. */
const MAX_PARTS = 10_000;

/** What reading a reply gave: its parts, and the error it ended with, when it failed. */
export interface ReadReply {
  readonly parts: readonly ReplyPart[];
  readonly failed: boolean;
  readonly error: unknown;
}

/** Settles as `promise` does, or fails the case when it takes longer than `ms`. */
export async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new assert.AssertionError({ message: `${what} did not settle within ${ms} ms` })),
      ms,
    );
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Reads the whole reply the provider gives, within `ms`, keeping the error it ends with. */
export async function readReply(reply: () => AsyncIterable<ReplyPart>, ms: number): Promise<ReadReply> {
  const parts: ReplyPart[] = [];
  let iterator: AsyncIterator<ReplyPart> | undefined;
  try {
    iterator = reply()[Symbol.asyncIterator]();
    const deadline = Date.now() + ms;
    for (;;) {
      const next = await within(iterator.next(), Math.max(1, deadline - Date.now()), 'the reply');
      if (next.done === true) return { parts, failed: false, error: undefined };
      parts.push(next.value);
      assert.ok(parts.length <= MAX_PARTS, `the reply gave more than ${MAX_PARTS} parts without ending`);
    }
  } catch (error) {
    if (error instanceof assert.AssertionError) {
      void Promise.resolve(iterator?.return?.()).catch(() => undefined);
      throw error;
    }
    return { parts, failed: true, error };
  }
}

/** Fails the case when the reply failed, saying with what. */
export function succeeded(read: ReadReply, scenario: string): readonly ReplyPart[] {
  if (read.failed) {
    const said = read.error instanceof Error ? `${read.error.name}: ${read.error.message}` : show(read.error);
    assert.fail(`the '${scenario}' reply must succeed, and it failed with ${said}`);
  }
  return read.parts;
}

const contentTypes = new Set(['text', 'reasoning', 'call', 'value']);
const reasons = new Set(['stop', 'calls', 'length']);

/**
 * Checks each part's shape and the contract's order: text, reasoning, call and value parts,
 * then units, then exactly one finish, last.
 */
export function checkOrder(parts: readonly ReplyPart[], scenario: string): void {
  let phase: 'content' | 'units' | 'finished' = 'content';
  let block = -1;
  parts.forEach((part: ReplyPart, at) => {
    const where = `part ${at} of the '${scenario}' reply (${describePart(part)})`;
    assert.ok(phase !== 'finished', `${where} comes after the finish: nothing may follow it`);
    checkShape(part, where);
    if (contentTypes.has(part.type))
      assert.equal(
        phase,
        'content',
        `${where} comes after a units part: units come after every text, reasoning, call and value part`,
      );
    if (part.type === 'reasoning') {
      const after = block === -1 ? 'as the first reasoning block' : `after block ${block}`;
      assert.ok(
        part.block === block || part.block === block + 1,
        `${where} has block ${part.block} ${after}: blocks count from 0 and go up by one`,
      );
      block = part.block;
    }
    if (part.type === 'units') phase = 'units';
    if (part.type === 'finish') phase = 'finished';
  });
  assert.equal(
    phase,
    'finished',
    `the '${scenario}' reply must end with one finish part (it has ${parts.length} parts and no finish last)`,
  );
}

function checkShape(part: ReplyPart, where: string): void {
  const fields = part as unknown as Record<string, unknown>;
  switch (part.type) {
    case 'text':
      assert.equal(typeof fields.text, 'string', `${where}: text must be a string`);
      return;
    case 'reasoning':
      assert.equal(typeof fields.text, 'string', `${where}: text must be a string`);
      assert.ok(
        Number.isInteger(fields.block) && (fields.block as number) >= 0,
        `${where}: block must be a whole number from 0`,
      );
      return;
    case 'call':
      assert.ok(
        typeof fields.call === 'object' && fields.call !== null,
        `${where}: call must be an object { id, tool, with }`,
      );
      return;
    case 'value':
      assert.equal(typeof fields.json, 'string', `${where}: json must be a string`);
      return;
    case 'units':
      for (const field of ['tokensIn', 'tokensOut']) {
        const count = fields[field];
        assert.ok(
          Number.isSafeInteger(count) && (count as number) >= 0,
          `${where}: ${field} must be a whole number from 0, got ${show(count)}`,
        );
      }
      return;
    case 'finish':
      assert.ok(
        reasons.has(fields.reason as string),
        `${where}: reason must be stop, calls or length, got ${show(fields.reason)}`,
      );
      return;
    default:
      assert.fail(`${where} is not a part of the contract: a part is text, reasoning, call, value, units or finish`);
  }
}

/** A part, said briefly for a message. */
export function describePart(part: unknown): string {
  const type = typeof part === 'object' && part !== null ? (part as { type?: unknown }).type : undefined;
  return typeof type === 'string' ? `type '${type}'` : `not a part: ${show(part)}`;
}

/** A value said briefly for a message: its JSON where it has one, its kind otherwise. */
export function show(value: unknown): string {
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'symbol' || value === undefined)
    return String(value);
  if (typeof value === 'function') return 'a function';
  if (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    ![Object.prototype, null].includes(Object.getPrototypeOf(value))
  ) {
    return `an instance of ${(value as { constructor?: { name?: string } }).constructor?.name ?? 'a class'}`;
  }
  try {
    const json = JSON.stringify(value);
    return json.length > 200 ? `${json.slice(0, 200)}...` : json;
  } catch {
    return 'a value with no JSON (a cycle?)';
  }
}

/** Whether a value is plain JSON data: what `JSON.parse` can give back, with no cycle. */
export function isJsonData(value: unknown, seen = new Set<object>()): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (typeof value !== 'object' || seen.has(value)) return false;
  seen.add(value);
  const plain = Array.isArray(value) || [Object.prototype, null].includes(Object.getPrototypeOf(value));
  const ok = plain && Object.values(value).every((item) => isJsonData(item, seen));
  seen.delete(value);
  return ok;
}

/** The settings the suite builds each call context from. */
export interface ContextSettings {
  readonly model: string;
  readonly provider: string;
  readonly apiKey: string | undefined;
}

let calls = 0;

/** A call context as the engine hands one to a provider, on the first attempt. */
export function conformanceContext(
  settings: ContextSettings,
  signal: AbortSignal,
  output?: CallContext['output'],
): CallContext {
  calls += 1;
  const requestId = `conformance-${process.pid}-${calls}`;
  return {
    modelName: 'conformance',
    model: settings.model,
    provider: settings.provider,
    apiKey: settings.apiKey,
    signal,
    requestId,
    scope: '',
    stepKey: `call:${requestId}`,
    attempt: 1,
    output,
  };
}
