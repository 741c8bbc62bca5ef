import { describe, expect, it } from 'vitest';
import { createAnthropicProvider, createOpenAIProvider, StandinError } from '../../../src/index.js';
import { createTestApp } from '../../../src/testing.js';

const models = { writer: { provider: 'p', model: 'm' } };
const trap = (): never => {
  throw new Error('trap');
};
/** An object every read of which throws. */
const hostile = new Proxy(
  {},
  { get: trap, ownKeys: trap, getOwnPropertyDescriptor: trap, has: trap, getPrototypeOf: trap },
);
/** A value nested 10,000 deep. */
function deep(): unknown {
  const root: Record<string, unknown> = {};
  let at = root;
  for (let i = 0; i < 10_000; i++) at = (at.a = {}) as Record<string, unknown>;
  return root;
}

async function replyError(answers: unknown): Promise<StandinError> {
  const app = createTestApp({ models });
  const error = await (async () => {
    app.fake('writer', answers as never);
    await app.reply('writer', { messages: 'x' });
  })().then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(StandinError);
  return error as StandinError;
}

describe('a function fake whose answer cannot be read', () => {
  it("turns a proxy that throws in a call's `with` into E0041, naming where", async () => {
    const error = await replyError(() => ({ calls: [{ tool: 'find', with: hostile }] }));
    expect(error.code).toBe('E0041');
    expect(error.message).toContain('answers(request) could not be read: reading it threw (Error: trap)');
  });

  it('turns a throwing getter in a call into E0041', async () => {
    const call = {
      get tool(): string {
        throw new TypeError('getter');
      },
    };
    expect((await replyError(() => ({ calls: [call] }))).code).toBe('E0041');
  });

  it("turns a call's `with` nested 10,000 deep into T0004, not a RangeError", async () => {
    const error = await replyError(() => ({ calls: [{ tool: 'find', with: deep() }] }));
    expect(error.code).toBe('T0004');
    expect(error.message).toContain('nested more than 256 deep');
  });

  it('does the same for a list of answers', async () => {
    expect((await replyError([{ calls: [{ tool: 'find', with: deep() }] }])).code).toBe('T0004');
    expect((await replyError([{ value: deep() }])).code).toBe('T0004');
  });
});

describe('settings that throw when read', () => {
  it.each([
    ['createOpenAIProvider', () => createOpenAIProvider(hostile as never)],
    [
      'createAnthropicProvider',
      () =>
        createAnthropicProvider({
          get apiKey(): string {
            throw new Error('vault offline');
          },
        } as never),
    ],
  ])('%s answers P0004', (_, make) => {
    expect(make).toThrow(
      expect.objectContaining({
        code: 'P0004',
        message: expect.stringContaining('settings threw when read (an Error)'),
      }),
    );
  });

  it('app.cassette answers V0002', () => {
    const app = createTestApp({ models });
    expect(() => app.cassette('/tmp/standin-never-written.json', hostile as never)).toThrow(
      expect.objectContaining({ code: 'V0002', message: expect.stringContaining('the settings threw when read') }),
    );
  });
});

describe('createTestApp settings that throw when read', () => {
  it.each([
    ['a proxy whose every read throws', hostile],
    [
      'a throwing getter',
      {
        get seed(): number {
          throw new RangeError('no seed');
        },
      },
    ],
  ])('answers T0048 for %s', (_, settings) => {
    expect(() => createTestApp({ models }, settings as never)).toThrow(
      expect.objectContaining({ code: 'T0048', message: expect.stringContaining('the settings threw when read') }),
    );
  });
});
