import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { collect, helpdesk, makeApp } from './fixtures.js';

const ticket = z.object({ team: z.string(), urgent: z.boolean(), tags: z.array(z.string()) });
const value = { team: 'billing', urgent: true, tags: ['refund', 'card'] };
const json = JSON.stringify(value);

describe('FakeModel streaming', () => {
  describe('A text is given as one part, so a page that shows an answer as it arrives shows a faked one whole', () => {
    it('streams the text whole, then units, then the finish', async () => {
      const app = makeApp();
      const text = 'Open Settings, then Password. (Help desk guide, page 2)';
      app.fake('writer', [{ text, units: { tokensIn: 120, tokensOut: 40 } }]);
      const { parts, reply } = await collect(app.stream('writer', { messages: 'How?' }));
      expect(parts).toEqual([
        { type: 'text', text },
        { type: 'units', tokensIn: 120, tokensOut: 40 },
        { type: 'finish', reason: 'stop' },
      ]);
      expect(reply.text).toBe(text);
    });

    it('streams an empty text as one empty part', async () => {
      const app = makeApp();
      app.fake('writer', [{ text: '' }]);
      const { parts } = await collect(app.stream('writer', { messages: 'How?' }));
      expect(parts.filter((p) => p.type === 'text')).toEqual([{ type: 'text', text: '' }]);
    });
  });

  describe('a typed value arrives in its parts, as the JSON of a typed answer does', () => {
    it('arrives in 3 parts where parts is left out, and the JSON they make is the value', async () => {
      const app = makeApp();
      app.fake('writer', [{ value }]);
      const { parts, reply } = await collect(app.stream('writer', { messages: 'Hi', output: ticket }));
      const pieces = parts.flatMap((p) => (p.type === 'value' ? [p.json] : []));
      expect(pieces).toHaveLength(3);
      expect(pieces.every((p) => p.length > 0)).toBe(true);
      expect(pieces.join('')).toBe(json);
      expect(JSON.parse(pieces.join(''))).toEqual(value);
      expect(reply.value).toEqual(value);
    });

    it('arrives in as many parts as parts says', async () => {
      const app = makeApp();
      app.fake('writer', [
        { value, parts: 7 },
        { value, parts: 1 },
      ]);
      for (const count of [7, 1]) {
        const { parts } = await collect(app.stream('writer', { messages: 'Hi', output: ticket }));
        const pieces = parts.flatMap((p) => (p.type === 'value' ? [p.json] : []));
        expect(pieces).toHaveLength(count);
        expect(pieces.join('')).toBe(json);
      }
    });

    it('arrives cut at the places parts gives', async () => {
      const app = makeApp();
      app.fake('writer', [{ value, parts: [1, 10, 20] }]);
      const { parts } = await collect(app.stream('writer', { messages: 'Hi', output: ticket }));
      expect(parts.flatMap((p) => (p.type === 'value' ? [p.json] : []))).toEqual([
        json.slice(0, 1),
        json.slice(1, 10),
        json.slice(10, 20),
        json.slice(20),
      ]);
    });

    it('arrives in fewer parts than asked when its JSON is shorter', async () => {
      const app = makeApp();
      app.fake('writer', [{ value: 7 }]);
      const { parts, reply } = await collect(app.stream('writer', { messages: 'Hi', output: z.number() }));
      expect(parts.filter((p) => p.type === 'value')).toEqual([{ type: 'value', json: '7' }]);
      expect(reply.value).toBe(7);
    });

    it('never cuts one character in two', async () => {
      const app = makeApp();
      const emoji = { e: '😀😀😀😀' };
      app.fake('writer', [{ value: emoji, parts: 4 }]);
      const { parts } = await collect(app.stream('writer', { messages: 'Hi', output: z.object({ e: z.string() }) }));
      for (const piece of parts.flatMap((p) => (p.type === 'value' ? [p.json] : []))) {
        expect(piece).toBe(Buffer.from(piece, 'utf8').toString('utf8'));
      }
    });

    it('any JSON value, in any number of parts, joins back to its JSON', async () => {
      const app = makeApp();
      await fc.assert(
        fc.asyncProperty(fc.jsonValue(), fc.integer({ min: 1, max: 40 }), async (v, count) => {
          const text = JSON.stringify(v);
          const fake = app.fake('writer', [{ value: v, parts: count }]);
          const { parts } = await collect(app.stream('writer', { messages: 'Hi', output: z.unknown() }));
          const pieces = parts.flatMap((p) => (p.type === 'value' ? [p.json] : []));
          expect(pieces.join('')).toBe(text);
          expect(pieces).toHaveLength(Math.min(count, text.length));
          expect(await fake.pending()).toEqual([]);
        }),
        { numRuns: 150 },
      );
    });

    it('any JSON value, cut at any places inside it, arrives in exactly those pieces', async () => {
      const app = makeApp();
      const cutsOf = (text: string) =>
        fc
          .uniqueArray(fc.integer({ min: 1, max: Math.max(1, text.length - 1) }), { maxLength: 8 })
          .map((cuts) =>
            cuts.filter((c) => c < text.length && !/[\ud800-\udbff]/.test(text[c - 1]!)).sort((a, b) => a - b),
          );
      const valueAndCuts = fc.jsonValue().chain((v) => cutsOf(JSON.stringify(v)).map((cuts) => ({ v, cuts })));
      await fc.assert(
        fc.asyncProperty(valueAndCuts, async ({ v, cuts }) => {
          const text = JSON.stringify(v);
          app.fake('writer', [{ value: v, parts: cuts }]);
          const { parts, reply } = await collect(app.stream('writer', { messages: 'Hi', output: z.unknown() }));
          const pieces = parts.flatMap((p) => (p.type === 'value' ? [p.json] : []));
          const bounds = [0, ...cuts, text.length];
          expect(pieces).toEqual(
            cuts.map((_, i) => text.slice(bounds[i], bounds[i + 1])).concat(text.slice(bounds.at(-2))),
          );
          expect(JSON.stringify(reply.value)).toBe(text);
        }),
        { numRuns: 150 },
      );
    });
  });

  describe('reasoning texts arrive one part each', () => {
    it('gives each reasoning text one part, block 0, 1, ..., before the text', async () => {
      const app = makeApp();
      app.fake('writer', [{ reasoning: ['The user wants a reset.', 'The guide covers it.'], text: 'Open Settings.' }]);
      const { parts } = await collect(app.stream('writer', { messages: 'Hi' }));
      expect(parts.slice(0, 3)).toEqual([
        { type: 'reasoning', text: 'The user wants a reset.', block: 0 },
        { type: 'reasoning', text: 'The guide covers it.', block: 1 },
        { type: 'text', text: 'Open Settings.' },
      ]);
    });
  });

  describe('tool calls', () => {
    it('arrive one part each, whole, and the reply finishes with calls', async () => {
      const app = makeApp();
      const { agent } = helpdesk();
      app.fake('writer', [{ text: 'Let me look.', calls: [{ tool: 'findInGuide', with: { words: 'reset' } }] }]);
      const { parts } = await collect(app.stream('writer', { messages: 'Hi', tools: agent.tools! }));
      expect(parts.map((p) => p.type)).toEqual(['text', 'call', 'units', 'finish']);
      expect(parts[1]).toEqual({
        type: 'call',
        call: { id: 'call_0_0', tool: 'findInGuide', with: { words: 'reset' } },
      });
      expect(parts.at(-1)).toEqual({ type: 'finish', reason: 'calls' });
    });
  });

  describe('units arrive with the finish', () => {
    it('a units part comes right before the finish part, after every other part', async () => {
      const app = makeApp();
      app.fake('writer', [{ reasoning: 'r', text: 't', value: { team: 'x', urgent: false, tags: [] } }]);
      const { parts } = await collect(app.stream('writer', { messages: 'Hi', output: ticket }));
      expect(parts.map((p) => p.type)).toEqual(['reasoning', 'text', 'value', 'value', 'value', 'units', 'finish']);
    });
  });

  describe('a run streamed', () => {
    it('hands on every step’s parts', async () => {
      const app = makeApp();
      const { agent } = helpdesk();
      app.fake('writer', [
        { calls: [{ tool: 'findInGuide', with: { words: 'reset a password' } }] },
        { text: 'Open Settings, then Password.' },
      ]);
      const types: string[] = [];
      for await (const part of app.streamRun(agent, 'How do I reset my password?'))
        types.push(`${'step' in part ? part.step : '-'}:${part.type}`);
      expect(types).toEqual([
        '0:call',
        '0:units',
        '0:finish',
        '0:tool-result',
        '1:text',
        '1:units',
        '1:finish',
        '-:done',
      ]);
    });
  });

  describe('a failing answer', () => {
    it('fails before any part, so a stream is retried and falls back with nothing handed on', async () => {
      const app = makeApp();
      app.fake('writer', [{ fail: 'network' }]);
      app.fake('backup', [{ text: 'from backup' }]);
      const { parts, reply } = await collect(app.stream('writer', { messages: 'Hi' }));
      expect(parts.map((p) => p.type)).toEqual(['text', 'units', 'finish']);
      expect(reply.model).toBe('backup');
    });
  });
});
