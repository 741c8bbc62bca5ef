import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CallFailed, code, StandinError } from '../../../src/index.js';
import type { Answers } from '../../../src/testing.js';
import { collect, helpdesk, makeApp } from './fixtures.js';

/** The error app.fake throws for these answers, made at once. */
function fakeError(answers: unknown): StandinError {
  try {
    makeApp().fake('writer', answers as Answers);
  } catch (error) {
    if (error instanceof StandinError) return error;
    throw error;
  }
  throw new Error('expected app.fake to throw');
}

describe('FakeModel', () => {
  describe('an answer given as a parts list', () => {
    it('streams its parts in the list order, piece for piece, then the units and the finish', async () => {
      const app = makeApp();
      app.fake('writer', [
        {
          parts: [
            { reasoning: 'The user wants ' },
            { reasoning: 'a reset.' },
            { text: 'Let me ' },
            { reasoning: 'Look it up.', block: 1 },
            { text: 'look.' },
          ],
          units: { tokensIn: 30, tokensOut: 12 },
        },
      ]);
      const { parts, reply } = await collect(app.stream('writer', { messages: 'How?' }));
      expect(parts).toEqual([
        { type: 'reasoning', text: 'The user wants ', block: 0 },
        { type: 'reasoning', text: 'a reset.', block: 0 },
        { type: 'text', text: 'Let me ' },
        { type: 'reasoning', text: 'Look it up.', block: 1 },
        { type: 'text', text: 'look.' },
        { type: 'units', tokensIn: 30, tokensOut: 12 },
        { type: 'finish', reason: 'stop' },
      ]);
      expect(reply.text).toBe('Let me look.');
      expect(reply.reasoning).toEqual(['The user wants a reset.', 'Look it up.']);
    });

    it('streams the value in its JSON pieces and the calls with their ids, finishing with calls', async () => {
      const app = makeApp();
      app.fake('writer', [
        {
          parts: [
            { json: '{"team":' },
            { json: '"billing"}' },
            { call: { tool: 'findInGuide', with: { words: 'refund' } } },
          ],
        },
      ]);
      const { parts, reply } = await collect(
        app.stream('writer', {
          messages: 'How?',
          output: z.object({ team: z.string() }),
          tools: helpdesk().agent.tools!,
        }),
      );
      expect(parts.filter((p) => p.type === 'value')).toEqual([
        { type: 'value', json: '{"team":' },
        { type: 'value', json: '"billing"}' },
      ]);
      expect(reply.value).toEqual({ team: 'billing' });
      expect(reply.calls).toEqual([{ id: 'call_0_0', tool: 'findInGuide', with: { words: 'refund' } }]);
      expect(reply.finish).toBe('calls');
    });

    it('streams its units parts where they stand, and no other', async () => {
      const app = makeApp();
      app.fake('writer', [
        {
          parts: [{ units: { tokensIn: 20, tokensOut: 0 } }, { text: 'Hi' }, { units: { tokensIn: 0, tokensOut: 2 } }],
        },
      ]);
      const { parts, reply } = await collect(app.stream('writer', { messages: 'How?' }));
      expect(parts.map((p) => p.type)).toEqual(['units', 'text', 'units', 'finish']);
      expect(reply.units).toEqual({ tokensIn: 20, tokensOut: 2 });
    });

    it('estimates the units from its pieces when it carries none', async () => {
      const app = makeApp();
      app.fake('writer', [{ parts: [{ text: 'abcd' }, { text: 'efgh' }] }]);
      const { reply } = await collect(app.stream('writer', { messages: 'How?' }));
      expect(reply.units.tokensOut).toBe(2);
    });

    it('fails after failAfter of its parts, a value cut off by the failure left unchecked', async () => {
      const app = makeApp();
      app.fake('writer', [{ parts: [{ text: 'Open ' }, { json: '{"te' }], fail: 'server', failAfter: 2 }]);
      const seen: string[] = [];
      const error = await (async () => {
        for await (const part of app.stream('writer', { messages: 'How?', output: z.object({ team: z.string() }) }))
          seen.push(part.type);
      })().catch((e: unknown) => e);
      expect(seen).toEqual(['text', 'value']);
      expect(error).toBeInstanceOf(CallFailed);
    });

    it.each([
      [
        'a part that carries two things',
        [{ text: 'a', json: '1' }],
        'answers[0].parts[0]: a stream part carries one thing, and this one carries text and json.',
      ],
      [
        'a part that carries nothing',
        [{}],
        'answers[0].parts[0]: a stream part carries one thing, and this one carries nothing.',
      ],
      ['an unknown key', [{ txt: 'a' }], "answers[0].parts[0].txt: unknown key 'txt'. Did you mean 'text'?"],
      [
        'a block on a text',
        [{ text: 'a', block: 1 }],
        'answers[0].parts[0].block: block numbers a reasoning part, and this part carries text.',
      ],
      ['a wrong type', [{ text: 7 }], 'answers[0].parts[0].text: expected a string, got a number.'],
      [
        'two calls with one id',
        [{ call: { tool: 'a', id: 'x' } }, { call: { tool: 'b', id: 'x' } }],
        "answers[0].parts[1].call.id: 'x' is the id of parts[0] too.",
      ],
      [
        'JSON pieces that are no JSON',
        [{ json: '{"a":' }],
        'answers[0].parts: its json pieces join to {"a":, which is not JSON.',
      ],
      [
        'offsets and parts mixed',
        [3, { text: 'a' }],
        "answers[0].parts: a list of parts is either the offsets a value's JSON is cut at (numbers) or the stream's parts (objects such as { text }), not both.",
      ],
    ])('fails T0003 for %s, naming the part', (_name, parts, words) => {
      const error = fakeError([{ parts }]);
      expect(error.code).toBe(code.T0003);
      expect(error.message).toContain(words);
    });

    it('fails T0003 when it gives text, calls, value or reasoning beside its parts', () => {
      const error = fakeError([{ text: 'Hi', parts: [{ text: 'Hi' }] }]);
      expect(error.code).toBe(code.T0003);
      expect(error.message).toContain(
        'answers[0]: parts, as a list of stream parts, is the whole reply, and the answer gives text too.',
      );
    });

    it('fails T0003 when it states units beside units parts', () => {
      const error = fakeError([
        { parts: [{ units: { tokensIn: 1, tokensOut: 1 } }], units: { tokensIn: 1, tokensOut: 1 } },
      ]);
      expect(error.code).toBe(code.T0003);
      expect(error.message).toContain('answers[0].units: its parts carry units already.');
    });
  });

  describe('an answer with a finish', () => {
    it.each(['stop', 'calls', 'length'] as const)("ends the reply with '%s'", async (finish) => {
      const app = makeApp();
      app.fake('writer', [{ text: 'Open Settings, then', finish }]);
      const { parts, reply } = await collect(app.stream('writer', { messages: 'How?' }));
      expect(parts.at(-1)).toEqual({ type: 'finish', reason: finish });
      expect(reply.finish).toBe(finish);
    });

    it('fails T0003 for a finish the engine does not know', () => {
      const error = fakeError([{ text: 'a', finish: 'max_tokens' }]);
      expect(error.code).toBe(code.T0003);
      expect(error.message).toContain('answers[0].finish: invalid option: expected one of');
    });
  });
});
