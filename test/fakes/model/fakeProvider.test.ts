import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { code, createEngine, tool, type Provider, type ReplyPart } from '../../../src/index.js';
import { embedByHash, fakeProvider, FakeModel } from '../../../src/testing.js';
import { caught } from './fixtures.js';

const models = {
  writer: { provider: 'anthropic', model: 'claude-sonnet-4-5', fallback: ['backup'] },
  backup: { provider: 'openai', model: 'gpt-4.1-mini' },
};

describe('fakeProvider(answers)', () => {
  describe('A program that holds its own engine fakes a model by handing the engine a provider of its own under the name of the model’s provider', () => {
    it('answers through createEngine({ makers: { providers: () => ({ anthropic: fake }) } })', async () => {
      const fake = fakeProvider([{ text: 'Hello from the fake' }]);
      const engine = createEngine({ models, makers: { providers: () => ({ anthropic: fake }) } });
      const reply = await engine.reply('writer', { messages: 'Hi' });
      expect(reply).toMatchObject({ text: 'Hello from the fake', model: 'writer' });
      expect(fake).toBeInstanceOf(FakeModel);
      expect(fake.sent[0]!.call).toBe('reply');
    });

    it('runs the seed’s writer and findInGuide run', async () => {
      const fake = fakeProvider([
        { calls: [{ tool: 'findInGuide', with: { words: 'reset a password' } }] },
        { text: 'Open Settings, then Password. (Help desk guide, page 2)' },
      ]);
      const engine = createEngine({ models, makers: { providers: () => ({ anthropic: fake }) } });
      const findInGuide = tool({ input: z.object({ words: z.string() }), run: ({ words }) => `page 2: ${words}` });
      const run = await engine.run({ model: 'writer', tools: { findInGuide } }, 'How do I reset my password?');
      expect(run.text).toBe('Open Settings, then Password. (Help desk guide, page 2)');
      await fake.verify();
    });
  });

  describe('whose reply gives the parts of adapter.Provider', () => {
    it('yields text, call, value, reasoning, units and finish parts when called directly', async () => {
      const fake = fakeProvider([
        {
          reasoning: 'hm',
          text: 'Hi',
          value: { a: 1 },
          calls: [{ tool: 't', with: { q: 1 } }],
          units: { tokensIn: 3, tokensOut: 4 },
        },
      ]);
      const parts: ReplyPart[] = [];
      const request = {
        model: 'm',
        messages: [{ role: 'user' as const, content: 'x' }],
        tools: [{ name: 't', input: {} }],
        output: { name: 'value', schema: {} },
      };
      const context = {
        modelName: 'writer',
        model: 'm',
        provider: 'anthropic',
        apiKey: 'secret',
        signal: new AbortController().signal,
        requestId: 'r',
        cursorKey: 'engine',
        scope: '',
        stepKey: 'call:r',
        attempt: 1,
        output: z.object({ a: z.number() }),
      };
      for await (const part of fake.reply(request, context)) parts.push(part);
      expect(parts).toEqual([
        { type: 'reasoning', text: 'hm', block: 0 },
        { type: 'text', text: 'Hi' },
        { type: 'value', json: '{"' },
        { type: 'value', json: 'a"' },
        { type: 'value', json: ':1}' },
        { type: 'call', call: { id: 'call_0_0', tool: 't', with: { q: 1 } } },
        { type: 'units', tokensIn: 3, tokensOut: 4 },
        { type: 'finish', reason: 'calls' },
      ]);
      expect(JSON.stringify(fake.sent)).not.toContain('secret');
    });
  });

  describe('called without the context the engine hands it', () => {
    const request = { model: 'm', messages: [{ role: 'user' as const, content: 'x' }] };

    it.each([
      ['{}', {}],
      ['undefined', undefined],
    ])('fails reply(request, %s) with T0152 naming the missing context, not a TypeError', async (_, context) => {
      const fake = fakeProvider([{ text: 'Hi' }]);
      const error = await caught(async () => {
        for await (const part of fake.reply(request, context as never)) void part;
      });
      expect(error).toMatchObject({ name: 'StandinError', code: 'T0152' });
      expect(error.message).toContain('fakeProvider(answers).reply(request, context)');
      expect(error.message).toMatch(/context\.signal/);
      expect(error.message).toMatch(/context\.scope/);
      expect(fake.sent).toEqual([]);
    });

    it('fails a plain capability called without a context with T0152 too', async () => {
      const fake = fakeProvider({ embed: embedByHash(2) });
      const error = await caught(() => (fake as unknown as Required<Provider>).embed('x', undefined as never));
      expect(error).toMatchObject({ code: 'T0152' });
      expect(error.message).toContain('.embed(');
    });
  });

  describe('used alone', () => {
    it('keeps its cursors in a store of its own, per scope of each call', async () => {
      const fake = fakeProvider([{ text: 'first' }, { text: 'second' }]);
      const engine = createEngine({ models, makers: { providers: () => ({ anthropic: fake }) } });
      expect((await engine.scope('a', () => engine.reply('writer', { messages: 'x' }))).text).toBe('first');
      expect((await engine.scope('b', () => engine.reply('writer', { messages: 'x' }))).text).toBe('first');
      expect((await engine.scope('a', () => engine.reply('writer', { messages: 'x' }))).text).toBe('second');
      expect(await fake.pending('a')).toEqual([]);
      expect(await fake.pending('b')).toHaveLength(1);
      expect(await fake.pending()).toHaveLength(2);
    });

    it('two fakeProviders with equal answers never share a cursor', async () => {
      const answers = [{ text: 'first' }, { text: 'second' }];
      const one = createEngine({ models, makers: { providers: () => ({ anthropic: fakeProvider(answers) }) } });
      const two = createEngine({ models, makers: { providers: () => ({ anthropic: fakeProvider(answers) }) } });
      expect((await one.reply('writer', { messages: 'x' })).text).toBe('first');
      expect((await two.reply('writer', { messages: 'x' })).text).toBe('first');
    });

    it('names itself fakeProvider(answers) in its errors', async () => {
      const engine = createEngine({ models, makers: { providers: () => ({ anthropic: fakeProvider([]) }) } });
      const error = await caught(() => engine.reply('writer', { messages: 'x' }));
      expect(error.code).toBe(code.T0013);
      expect(error.message).toMatch(/^T0013: fakeProvider\(answers\): model 'writer' was faked with 0 answers/);
    });

    it('checks answers against checks when made', () => {
      expect(() => fakeProvider([{ calls: [{ tool: 'nope' }] }], { tools: { search: {} } })).toThrow(
        expect.objectContaining({
          code: code.T0007,
          message: expect.stringMatching(
            /^T0007: fakeProvider\(answers, checks\): answers\[0\]\.calls\[0\] asks for the tool 'nope'/,
          ),
        }),
      );
    });
  });
});
