import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { tool } from '../../../src/index.js';
import { caught, makeApp } from './fixtures.js';

const support = [
  { when: { user: 'refund' }, text: 'Refunds take 5 days.' },
  { when: { user: { regex: '^(hi|hello)\\b', flags: 'i' } }, text: 'Hello! How can I help?' },
  { text: 'Let me find out.' },
];

describe('FakeModel answers chosen by when', () => {
  describe('app.fake(model, answers with when)', () => {
    it('takes the first answer not yet taken whose when matches the request', async () => {
      const app = makeApp();
      app.fake('writer', support);
      expect((await app.reply('writer', { messages: 'Hello there' })).text).toBe('Hello! How can I help?');
      expect((await app.reply('writer', { messages: 'I want a refund' })).text).toBe('Refunds take 5 days.');
      expect((await app.reply('writer', { messages: 'Where is my parcel?' })).text).toBe('Let me find out.');
    });

    it('lets an answer without when answer any request, in list order', async () => {
      const app = makeApp();
      app.fake('writer', [{ text: 'first' }, { when: { user: 'never said' }, text: 'x' }, { text: 'second' }]);
      expect((await app.reply('writer', { messages: 'a' })).text).toBe('first');
      expect((await app.reply('writer', { messages: 'b' })).text).toBe('second');
    });

    it('matches the instructions, the model, and a tool result of the last message', async () => {
      const app = makeApp();
      const findOrder = tool({ input: z.object({ id: z.string() }), run: ({ id }) => ({ id, found: 0 }) });
      app.fake('writer', [
        {
          when: { instructions: { equals: 'You sell shoes.' }, model: 'writer' },
          calls: [{ tool: 'findOrder', with: { id: '7' } }],
        },
        { when: { toolResult: { regex: '"found":0' } }, text: 'No such order.' },
      ]);
      const run = await app.run({ model: 'writer', instructions: 'You sell shoes.', tools: { findOrder } }, 'Order 7?');
      expect(run.text).toBe('No such order.');
    });

    it('gives a step that runs again the answer it got before', async () => {
      const app = makeApp();
      const writer = app.fake('writer', [
        { when: { user: 'refund' }, fail: 'server', times: 1, text: 'Refunds take 5 days.' },
        { text: 'other' },
      ]);
      expect((await app.reply('writer', { messages: 'refund please' })).text).toBe('Refunds take 5 days.');
      expect(writer.sent.map((call) => call.attempt)).toEqual([1, 2]);
    });

    it('keeps each scope apart: every scope starts from the whole list', async () => {
      const app = makeApp();
      app.fake('writer', support);
      const a = await app.scope('a', () => app.reply('writer', { messages: 'refund' }));
      const b = await app.scope('b', () => app.reply('writer', { messages: 'refund' }));
      expect([a.text, b.text]).toEqual(['Refunds take 5 days.', 'Refunds take 5 days.']);
    });

    it('fails T0050 naming the request and the answers left when none of them matches', async () => {
      const app = makeApp();
      app.fake('writer', [
        { when: { user: 'refund' }, text: 'a' },
        { when: { user: 'parcel' }, text: 'b' },
      ]);
      const error = await caught(() => app.reply('writer', { messages: 'What is the weather?' }));
      expect(error.code).toBe('T0050');
      expect(error.message).toContain('user "What is the weather?"');
      expect(error.message).toContain('answers[0] when { user contains "refund" }');
      expect(error.message).toContain('answers[1] when { user contains "parcel" }');
    });

    it('fails T0013 once every answer was taken', async () => {
      const app = makeApp();
      app.fake('writer', [{ when: { user: 'refund' }, text: 'a' }]);
      await app.reply('writer', { messages: 'refund' });
      expect((await caught(() => app.reply('writer', { messages: 'refund' }))).code).toBe('T0013');
    });

    it('refuses a when that names no text, an unknown text or a regular expression that does not compile (T0003)', async () => {
      const app = makeApp();
      const empty = await caught(() => app.fake('writer', [{ when: {}, text: 'a' }] as never));
      expect(empty.code).toBe('T0003');
      const unknown = await caught(() => app.fake('writer', [{ when: { usr: 'a' }, text: 'a' }] as never));
      expect(unknown.message).toContain('user');
      const bad = await caught(() => app.fake('writer', [{ when: { user: { regex: '(' } }, text: 'a' }]));
      expect(bad.message).toContain('answers[0].when.user: the regular expression does not compile');
    });

    it.each([
      ['(a+)+$', `${'a'.repeat(99_999)}!`],
      ['(a+){12}b', 'a'.repeat(60)],
      ['a{0,40}a{0,40}a{0,40}a{0,40}b', 'a'.repeat(400)],
      ['a*b', 'a'.repeat(100_000)],
    ])('matches /%s/ in linear time, on a text a backtracking engine would not finish', async (regex, text) => {
      const app = makeApp();
      app.fake('writer', [{ when: { user: { regex } }, text: 'matched' }, { text: 'fallback' }]);
      expect((await app.reply('writer', { messages: text })).text).toBe('fallback');
    });

    it('matches 40 answers of patterns that backtrack without end against one long request in linear time', async () => {
      const app = makeApp();
      const risky = ['^(a+)+$', '^(a|aa)*$', '(a*)*b', '^(\\w+\\s?)+$'];
      app.fake('writer', [
        ...Array.from({ length: 40 }, (_, i) => ({ when: { user: { regex: risky[i % 4]! } }, text: `answer ${i}` })),
        { text: 'fallback' },
      ]);
      expect((await app.reply('writer', { messages: `${'a'.repeat(99_999)}!` })).text).toBe('fallback');
    });

    it('matches as JavaScript does: \\s as its white space, . short of a line end, \\p{L} with the u flag', async () => {
      const app = makeApp();
      app.fake('writer', [
        { when: { user: { regex: '^\\p{L}+\\s\\d$', flags: 'u' } }, text: 'one' },
        { when: { user: { regex: '^a.b$' } }, text: 'two' },
        { text: 'three' },
      ]);
      expect((await app.reply('writer', { messages: 'Éclair\u00a07' })).text).toBe('one');
      expect((await app.reply('writer', { messages: 'a\u2028b' })).text).toBe('three');
    });

    it.each([
      ['(a)\\1', 'a back reference'],
      ['(?<word>a)\\k<word>', 'a back reference'],
      ['refund(?= now)', 'a look-ahead'],
      ['(?<!no )refund', 'a look-behind'],
    ])('refuses /%s/, %s a linear-time engine cannot match (T0003)', (regex, what) => {
      const app = makeApp();
      const error = () => app.fake('writer', [{ when: { user: { regex } }, text: 'a' }]);
      expect(error).toThrow(
        expect.objectContaining({
          code: 'T0003',
          message: expect.stringContaining(`answers[0].when.user: the regular expression uses ${what}`),
        }),
      );
    });

    it('refuses a when on a fail-n-times entry: the answer after it gives the step (T0003)', () => {
      const app = makeApp();
      const error = () => app.fake('writer', [{ when: { user: 'zzz' }, fail: 'server', times: 1 }, { text: 'ok' }]);
      expect(error).toThrow(
        expect.objectContaining({ code: 'T0003', message: expect.stringContaining('Move when to answers[1]') }),
      );
    });

    it('names what is wrong with a match at its key', () => {
      const app = makeApp();
      const bad = (user: unknown) => () => app.fake('writer', [{ when: { user }, text: 'a' } as never]);
      expect(bad({ regex: 5 })).toThrow('answers[0].when.user.regex: expected a regular expression as a string');
      expect(bad({ contains: 'a', equals: 'b' })).toThrow('give one of contains, equals or regex');
      expect(bad({ regex: 'a', flags: 'gg' })).toThrow('answers[0].when.user.flags');
      expect(bad('')).toThrow('answers[0].when.user');
    });

    it('refuses a when in an answer a function gives (T0003)', async () => {
      const app = makeApp();
      app.fake('writer', () => ({ when: { user: 'a' }, text: 'a' }));
      expect((await caught(() => app.reply('writer', { messages: 'a' }))).code).toBe('T0003');
    });
  });

  describe('.pending()', () => {
    it('lists the answers not taken, wherever they are in the list', async () => {
      const app = makeApp();
      const writer = app.fake('writer', support);
      await app.reply('writer', { messages: 'refund' });
      expect((await writer.pending()).map((answer) => answer.index)).toEqual([1, 2]);
    });
  });

  describe('.verify()', () => {
    it('reports the answers never taken, and a when that matched none of the requests sent', async () => {
      const app = makeApp();
      const writer = app.fake('writer', [{ when: { user: 'refund' }, text: 'a' }, { text: 'b' }]);
      await app.reply('writer', { messages: 'Where is my parcel?' });
      const error = await caught(() => writer.verify());
      expect(error.code).toBe('T0014');
      expect(error.message).toContain('answers[0]');
      expect(error.message).toContain('its when { user contains "refund" } matched not the one request sent there');
      expect(error.message).not.toContain('answers[1]');
    });

    it('passes once every answer was taken, out of list order', async () => {
      const app = makeApp();
      const writer = app.fake('writer', support);
      for (const messages of ['Where is it?', 'hi', 'refund']) await app.reply('writer', { messages });
      await expect(writer.verify()).resolves.toBeUndefined();
      await expect(app.verify()).resolves.toBeUndefined();
    });

    it('fails on a T0050 the app caught', async () => {
      const app = makeApp();
      app.fake('writer', [{ when: { user: 'refund' }, text: 'a' }]);
      await caught(() => app.reply('writer', { messages: 'hello' }));
      const error = await caught(() => app.verify());
      expect(error.code).toBe('T0049');
      expect(error.message).toContain('T0050');
    });
  });
});
