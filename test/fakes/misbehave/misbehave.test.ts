import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CallFailed, code, ProviderFailure, type StandinError, tool } from '../../../src/index.js';
import { ValueFailed } from '../../../src/errors/ValueFailed.js';
import { createTestApp } from '../../../src/testing.js';
import { misbehaviourKinds } from '../../../src/fakes/misbehave/misbehaviourKinds.js';

const config = { models: { writer: { provider: 'openai', model: 'gpt-4.1-mini' } } } as const;
const Team = z.object({ team: z.enum(['billing', 'technical']), urgent: z.boolean() });
const findInGuide = tool({ input: z.object({ words: z.string() }), run: ({ words }) => `page about ${words}` });

async function caught(run: () => Promise<unknown>): Promise<StandinError> {
  try {
    await run();
  } catch (error) {
    return error as StandinError;
  }
  throw new Error('expected the call to fail');
}

/** The failure a call ended in: a ProviderFailure itself, or the one a CallFailed holds. */
function failureOf(error: unknown): ProviderFailure {
  const cause = error instanceof CallFailed ? error.cause : error;
  expect(cause).toBeInstanceOf(ProviderFailure);
  return cause as ProviderFailure;
}

describe('misbehave', () => {
  describe("'invalid_json'", () => {
    it('fails a typed call with E0006, a ValueFailed holding the text', async () => {
      const app = createTestApp(config);
      app.fake('writer', [{ misbehave: 'invalid_json', text: '{"team": billing}' }]);
      const error = await caught(() => app.reply('writer', { messages: 'Route it', output: Team }));
      expect(error).toBeInstanceOf(ValueFailed);
      expect(error.code).toBe(code.E0006);
      expect((error as ValueFailed).json).toBe('{"team": billing}');
      expect((error as ValueFailed).parsed).toBe(false);
    });

    it('makes up text that is not JSON when none is given', async () => {
      const app = createTestApp(config);
      app.fake('writer', [{ misbehave: 'invalid_json' }]);
      const error = (await caught(() => app.reply('writer', { messages: 'Route it', output: Team }))) as ValueFailed;
      expect(error.code).toBe(code.E0006);
      expect(() => JSON.parse(error.json)).toThrow();
    });

    it('delivers prose in place of the JSON as text with no value, as the adapters sort it', async () => {
      const app = createTestApp(config);
      app.fake('writer', [{ misbehave: 'invalid_json', text: 'Sure! The team is billing.' }]);
      const reply = await app.reply('writer', { messages: 'Route it', output: Team });
      expect(reply).toMatchObject({ text: 'Sure! The team is billing.', value: undefined, finish: 'stop' });
    });
  });

  describe("'wrong_shape'", () => {
    it('fails with E0006 naming the field that does not fit', async () => {
      const app = createTestApp(config);
      app.fake('writer', [{ misbehave: 'wrong_shape', value: { team: 'sales', urgent: true } }]);
      const error = (await caught(() => app.reply('writer', { messages: 'Route it', output: Team }))) as ValueFailed;
      expect(error).toBeInstanceOf(ValueFailed);
      expect(error.parsed).toBe(true);
      expect(error.message).toContain('value.team');
    });

    it('makes up a value that does not fit when none is given', async () => {
      const app = createTestApp(config);
      app.fake('writer', [{ misbehave: 'wrong_shape' }]);
      const error = (await caught(() => app.reply('writer', { messages: 'Route it', output: Team }))) as ValueFailed;
      expect(error.json).toBe('{}');
    });
  });

  describe("'truncated'", () => {
    it('ends a plain reply with finish length', async () => {
      const app = createTestApp(config);
      app.fake('writer', [{ misbehave: 'truncated', text: 'Open Settings, then Pass' }]);
      const reply = await app.reply('writer', { messages: 'Hi' });
      expect(reply).toMatchObject({ text: 'Open Settings, then Pass', finish: 'length' });
    });

    it('cuts a typed value: E0006 with finish length', async () => {
      const app = createTestApp(config);
      app.fake('writer', [{ misbehave: 'truncated', value: { team: 'billing', urgent: true } }]);
      const error = (await caught(() => app.reply('writer', { messages: 'Route it', output: Team }))) as ValueFailed;
      expect(error.reply.finish).toBe('length');
      expect(error.message).toContain('cut off at the token limit');
      expect('{"team":"billing","urgent":true}'.startsWith(error.json)).toBe(true);
    });

    it('streams its parts, then finish length', async () => {
      const app = createTestApp(config);
      app.fake('writer', [{ misbehave: 'truncated' }]);
      const parts = [];
      for await (const part of app.stream('writer', { messages: 'Hi' })) parts.push(part);
      expect(parts.at(-1)).toEqual({ type: 'finish', reason: 'length' });
      expect(parts[0]).toMatchObject({ type: 'text' });
    });
  });

  describe("'refusal'", () => {
    it('fails with kind content_filter carrying the refusal text, never retried', async () => {
      const app = createTestApp(config);
      const writer = app.fake('writer', [{ misbehave: 'refusal', text: "I can't help with that." }]);
      const failure = failureOf(await caught(() => app.reply('writer', { messages: 'Hi' })));
      expect(failure).toMatchObject({ kind: 'content_filter', refusal: "I can't help with that.", status: 200 });
      expect(writer.sent).toHaveLength(1);
      await writer.verify();
    });

    it('makes up a refusal text when none is given', async () => {
      const app = createTestApp(config);
      app.fake('writer', [{ misbehave: 'refusal' }]);
      const failure = failureOf(await caught(() => app.reply('writer', { messages: 'Hi' })));
      expect(failure.refusal).toMatch(/can't help/);
    });
  });

  describe("'content_filter'", () => {
    it('fails with kind content_filter and no refusal', async () => {
      const app = createTestApp(config);
      app.fake('writer', [{ misbehave: 'content_filter' }]);
      const failure = failureOf(await caught(() => app.reply('writer', { messages: 'Hi' })));
      expect(failure).toMatchObject({ kind: 'content_filter', refusal: undefined });
    });
  });

  describe("'empty'", () => {
    it('answers nothing: an empty text, no value, finish stop', async () => {
      const app = createTestApp(config);
      app.fake('writer', [{ misbehave: 'empty' }]);
      const reply = await app.reply('writer', { messages: 'Hi', output: Team });
      expect(reply).toMatchObject({ text: '', value: undefined, calls: [], finish: 'stop' });
    });

    it('ends a run that asks for a typed value with R0003', async () => {
      const app = createTestApp(config);
      app.fake('writer', [{ misbehave: 'empty' }]);
      const error = await caught(() => app.run({ model: 'writer', output: Team }, 'Route it'));
      expect(error.code).toBe(code.R0003);
    });
  });

  describe("'unknown_tool'", () => {
    it('hands the model the tool-result error in a run, even with strict tools', async () => {
      const app = createTestApp(config);
      const writer = app.fake('writer', [
        { misbehave: 'unknown_tool', calls: [{ tool: 'deleteEverything', with: {} }] },
        { text: 'Sorry, let me answer myself.' },
      ]);
      const run = await app.run({ model: 'writer', tools: { findInGuide } }, 'Help');
      expect(run.text).toBe('Sorry, let me answer myself.');
      expect(run.steps[0]!.results[0]).toEqual({
        id: 'call_0_0',
        tool: 'deleteEverything',
        error: "There is no tool named 'deleteEverything'. The tools are: findInGuide.",
      });
      await writer.verify();
    });

    it('makes up a tool the call does not offer', async () => {
      const app = createTestApp(config);
      app.fake('writer', [{ misbehave: 'unknown_tool' }, { text: 'ok' }]);
      const run = await app.run({ model: 'writer', tools: { findInGuide } }, 'Help');
      expect(run.steps[0]!.reply).toMatchObject({ calls: [{ tool: 'no_such_tool', with: {} }], finish: 'calls' });
    });
  });

  describe("'bad_tool_input'", () => {
    it("hands the model the tool's input error in a run", async () => {
      const app = createTestApp(config);
      app.fake('writer', [
        { misbehave: 'bad_tool_input', calls: [{ tool: 'findInGuide', with: { words: 3 } }] },
        { text: 'ok' },
      ]);
      const run = await app.run({ model: 'writer', tools: { findInGuide } }, 'Help');
      expect(run.steps[0]!.results[0]!.error).toMatch(/^The input does not fit the tool 'findInGuide': input\.words/);
    });

    it("makes up an input that does not fit the first tool's shape", async () => {
      const app = createTestApp(config);
      app.fake('writer', [{ misbehave: 'bad_tool_input' }, { text: 'ok' }]);
      const run = await app.run({ model: 'writer', tools: { findInGuide } }, 'Help');
      expect(run.steps[0]!.reply.calls).toEqual([{ id: 'call_0_0', tool: 'findInGuide', with: {} }]);
      expect(run.steps[0]!.results[0]!.error).toContain("The input does not fit the tool 'findInGuide'");
    });
  });

  describe('with the fields that go with it', () => {
    it('fails n tries first with { fail, times }, then misbehaves', async () => {
      const app = createTestApp(config);
      app.fake('writer', [
        { fail: 'server', times: 1 },
        { misbehave: 'truncated', text: 'Hel' },
      ]);
      const reply = await app.reply('writer', { messages: 'Hi' });
      expect(reply).toMatchObject({ text: 'Hel', finish: 'length' });
      expect(app.clock.slept).toHaveLength(1);
    });

    it('streams its reasoning before the misbehaviour, and takes a when', async () => {
      const app = createTestApp(config);
      app.fake('writer', [{ when: { user: 'route' }, misbehave: 'empty', reasoning: 'Hmm.' }]);
      const reply = await app.reply('writer', { messages: 'Please route it' });
      expect(reply).toMatchObject({ text: '', reasoning: ['Hmm.'] });
    });
  });

  describe("a test author's mistakes", () => {
    it('T0080: an unknown kind, listing the kinds', () => {
      const app = createTestApp(config);
      const error = (() => {
        try {
          app.fake('writer', [{ misbehave: 'rude' } as never]);
        } catch (e) {
          return e as StandinError;
        }
        throw new Error('expected T0080');
      })();
      expect(error.code).toBe(code.T0080);
      for (const kind of misbehaviourKinds) expect(error.message).toContain(kind);
    });

    it.each([
      [{ misbehave: 'empty', text: 'x' }, 'text'],
      [{ misbehave: 'refusal', calls: [{ tool: 'a' }] }, 'calls'],
      [{ misbehave: 'invalid_json', finish: 'stop' }, 'finish'],
      [{ misbehave: 'content_filter', fail: 'server' }, 'fail'],
      [{ misbehave: 'truncated', text: 'a', value: { a: 1 } }, 'value'],
    ])('T0081: %j conflicts with %s', (answer, field) => {
      const app = createTestApp(config);
      expect(() => app.fake('writer', [answer as never])).toThrow(expect.objectContaining({ code: code.T0081 }));
      expect(() => app.fake('writer', [answer as never])).toThrow(new RegExp(`gives ${field}`));
    });

    it.each([
      { misbehave: 'invalid_json', text: '{"team":"billing"}' },
      { misbehave: 'invalid_json', text: '  ' },
      { misbehave: 'unknown_tool', calls: [] },
      { misbehave: 'truncated', value: 7 },
    ])('T0082: %j does not misbehave as its kind says', (answer) => {
      const app = createTestApp(config);
      expect(() => app.fake('writer', [answer as never])).toThrow(expect.objectContaining({ code: code.T0082 }));
    });

    it('T0083: a wrong_shape value that fits the shape', async () => {
      const app = createTestApp(config);
      app.fake('writer', [{ misbehave: 'wrong_shape', value: { team: 'billing', urgent: false } }]);
      const error = await caught(() => app.reply('writer', { messages: 'Hi', output: Team }));
      expect(error.code).toBe(code.T0083);
    });

    it('T0083: an unknown_tool call to a tool the call offers', async () => {
      const app = createTestApp(config);
      app.fake('writer', [{ misbehave: 'unknown_tool', calls: [{ tool: 'findInGuide' }] }]);
      const error = await caught(() => app.run({ model: 'writer', tools: { findInGuide } }, 'Help'));
      expect(error.code).toBe(code.T0083);
    });

    it('T0083: a bad_tool_input whose input fits', async () => {
      const app = createTestApp(config);
      app.fake('writer', [{ misbehave: 'bad_tool_input', calls: [{ tool: 'findInGuide', with: { words: 'x' } }] }]);
      const error = await caught(() => app.run({ model: 'writer', tools: { findInGuide } }, 'Help'));
      expect(error.code).toBe(code.T0083);
    });

    it('T0084: invalid_json for a call with no output shape, kept for verify', async () => {
      const app = createTestApp(config);
      const writer = app.fake('writer', [{ misbehave: 'invalid_json' }]);
      const error = await caught(() => app.reply('writer', { messages: 'Hi' }));
      expect(error.code).toBe(code.T0084);
      await expect(writer.verify()).rejects.toMatchObject({ code: code.T0046 });
    });

    it('T0084: bad_tool_input where no tool is offered', async () => {
      const app = createTestApp(config);
      app.fake('writer', [{ misbehave: 'bad_tool_input' }]);
      const error = await caught(() => app.reply('writer', { messages: 'Hi' }));
      expect(error.code).toBe(code.T0084);
    });
  });
});
