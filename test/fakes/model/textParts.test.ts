import { describe, expect, it } from 'vitest';
import { collect, makeApp } from './fixtures.js';

const texts = async (answer: Record<string, unknown>): Promise<string[]> => {
  const app = makeApp();
  app.fake('writer', [answer]);
  const { parts } = await collect(app.stream('writer', { messages: 'How?' }));
  return parts.flatMap((part) => (part.type === 'text' ? [part.text] : []));
};

describe('FakeModel streaming', () => {
  describe('A text with parts arrives in pieces: parts says how many, or the offsets it is cut at', () => {
    it('cuts the text into that many even pieces', async () => {
      expect(await texts({ text: 'Open Settings.', parts: 2 })).toEqual(['Open Se', 'ttings.']);
    });

    it('cuts the text at the offsets listed', async () => {
      expect(await texts({ text: 'Open Settings, then Password.', parts: [5, 15] })).toEqual([
        'Open ',
        'Settings, ',
        'then Password.',
      ]);
    });

    it('leaves out offsets at or past the end, so a text shortened by hand still streams', async () => {
      expect(await texts({ text: 'Open Settings.', parts: [5, 15, 40] })).toEqual(['Open ', 'Settings.']);
    });

    it('moves an offset inside a character past it', async () => {
      expect(await texts({ text: 'a😀b', parts: [2] })).toEqual(['a😀', 'b']);
    });

    it('refuses offsets that do not increase with T0005', async () => {
      const app = makeApp();
      expect(() => app.fake('writer', [{ text: 'Open Settings.', parts: [8, 3] }])).toThrow(
        expect.objectContaining({ code: 'T0005', message: expect.stringContaining('answers[0].parts: 3 cannot cut') }),
      );
    });
  });
});
