import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { ClassificationQuestion, StandinError, tool } from '../../src/index.js';
import { createTestApp } from '../../src/testing.js';
import { closest } from '../../src/validation/formatPath.js';
import { schemaKeys } from '../../src/validation/schemaKeys.js';

const app = () => {
  const made = createTestApp({ models: { writer: { provider: 'openai', model: 'm' } } });
  made.fake('writer', () => ({ text: 'ok' }));
  return made;
};

async function rejection(pending: Promise<unknown> | (() => unknown)): Promise<StandinError> {
  try {
    await (typeof pending === 'function' ? pending() : pending);
  } catch (error) {
    expect(error).toBeInstanceOf(StandinError);
    return error as StandinError;
  }
  throw new Error('expected a rejection');
}

describe(closest, () => {
  it('allows 3 edits for a long name (timout -> timeoutMs)', () => {
    expect(closest('timout', ['timeoutMs', 'maxTokens'])).toBe('timeoutMs');
  });

  it('allows 2 edits for a short one, and no more', () => {
    expect(closest('mdel', ['model'])).toBe('model');
    expect(closest('xyz', ['model'])).toBeUndefined();
  });
});

describe(schemaKeys, () => {
  it('reads the keys allowed at a path through wrappers, arrays, records and unions', () => {
    const schema = z.object({
      list: z.array(z.union([z.object({ a: z.string() }), z.object({ b: z.number() })])).optional(),
      byName: z.record(z.string(), z.object({ timeoutMs: z.number() })),
    });
    expect(schemaKeys(schema, [])).toEqual(['list', 'byName']);
    expect(schemaKeys(schema, ['list', 0])).toEqual(['a', 'b']);
    expect(schemaKeys(schema, ['byName', 'any'])).toEqual(['timeoutMs']);
    expect(schemaKeys(schema, ['nothing'])).toEqual([]);
  });
});

describe('unknown keys get did-you-mean', () => {
  it('in a request', async () => {
    const error = await rejection(app().reply('writer', { messages: 'hi', instructons: 'Be brief.' } as never));
    expect(error.code).toBe('E0003');
    expect(error.message).toContain(
      "request.instructons: unknown key 'instructons'. Did you mean 'instructions'? Allowed keys here: instructions, messages, tools, output, settings.",
    );
  });

  it('in a message inside a request', async () => {
    const error = await rejection(app().reply('writer', { messages: [{ role: 'user', contnt: 'hi' }] } as never));
    expect(error.message).toContain("Did you mean 'content'?");
  });

  it('in call options', async () => {
    const error = await rejection(app().reply('writer', { messages: 'hi' }, { retyr: false } as never));
    expect(error.message).toContain("options.retyr: unknown key 'retyr'. Did you mean 'retry'?");
  });

  it('in an agent', async () => {
    const error = await rejection(app().run({ model: 'writer', maxStep: 2 } as never, 'hi'));
    expect(error.code).toBe('R0002');
    expect(error.message).toContain("agent.maxStep: unknown key 'maxStep'. Did you mean 'maxSteps'?");
  });

  it('in a tool definition, when the tool is made', async () => {
    const error = await rejection(() =>
      tool({ description: 'Finds pages.', inptu: z.object({}), run: () => 1 } as never),
    );
    expect(error.code).toBe('R0002');
    expect(error.message).toContain("tool.inptu: unknown key 'inptu'. Did you mean 'input'?");
  });

  it('in classify options', async () => {
    const made = app();
    made.fakeClassifier();
    const questions = { urgent: ClassificationQuestion.yesNo('Is it urgent?') };
    const error = await rejection(made.classify('My card was charged twice.', questions, { metdata: {} } as never));
    expect(error.code).toBe('K0004');
    expect(error.message).toContain("options.metdata: unknown key 'metdata'. Did you mean 'metadata'?");
  });
});
