import { describe, expect, it } from 'vitest';
import { StandinError } from '../../../src/index.js';
import { createTestApp } from '../../../src/testing.js';

function app() {
  const made = createTestApp({ models: { writer: { provider: 'openai', model: 'm' } } });
  made.fake('writer', () => ({ text: 'ok' }));
  return made;
}

async function refusal(pending: Promise<unknown>): Promise<StandinError> {
  const error = await pending.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(StandinError);
  return error as StandinError;
}

const trap = new Proxy(
  {},
  {
    get: () => {
      throw new TypeError('trap');
    },
    ownKeys: () => {
      throw new TypeError('trap');
    },
  },
);
const getter = {
  get messages(): never {
    throw new TypeError('getter');
  },
};

describe('input that fights being read', () => {
  it('calls a null-prototype object as a model name E0001, never a raw TypeError', async () => {
    const error = await refusal(app().reply(Object.create(null) as string, { messages: 'hi' }));
    expect(error.code).toBe('E0001');
    expect(error.message).toContain('There is no model named an object');
  });

  it.each([
    ['a proxy as the request', () => app().reply('writer', trap as never)],
    ['a throwing getter in the request', () => app().reply('writer', getter as never)],
    ['a proxy as the options', () => app().reply('writer', { messages: 'hi' }, trap as never)],
    [
      'a proxy as a stream request',
      async () => {
        for await (const _ of app().stream('writer', trap as never));
      },
    ],
    ['a proxy as an agent', () => app().run(trap as never, 'hi')],
    [
      'a proxy as classify options',
      () => {
        const a = app();
        a.fakeClassifier();
        return a.classify('hi', {}, trap as never);
      },
    ],
    ['a proxy as answers', async () => app().fake('writer', trap as never)],
  ] as [string, () => unknown][])('wraps %s as a typed error', async (_, call) => {
    const error = await refusal(Promise.resolve().then(call));
    expect(['E0041', 'K0003', 'K0004']).toContain(error.code);
    expect(error.message).not.toContain('TypeError: Cannot');
  });

  it('says E0041 names what was being read', async () => {
    const error = await refusal(app().reply('writer', getter as never));
    expect(error.code).toBe('E0041');
    expect(error.message).toContain(
      'app.reply(model, request) could not be read: reading it threw (TypeError: getter)',
    );
  });
});

describe('the cost of refusing', () => {
  it('refuses an 8 MB string as options by its type, without walking its characters or quoting it', async () => {
    const huge = 'x'.repeat(8 * 1024 * 1024);
    const error = await refusal(app().reply('writer', { messages: 'hi' }, huge as never));
    expect(error.code).toBe('E0003');
    expect(error.message).toBe('E0003: Invalid options:\noptions: expected an object, got a string.');
  });

  it('names an 8 MB string given as a model without quoting it whole', async () => {
    const error = await refusal(app().reply('x'.repeat(8 * 1024 * 1024), { messages: 'hi' }));
    expect(error.code).toBe('E0001');
    expect(error.message.length).toBeLessThan(400);
  });
});
