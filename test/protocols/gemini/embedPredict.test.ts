import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  readBatchEmbed,
  readEmbed,
  readEmbedding,
  writeEmbed,
  writeEmbedding,
} from '../../../src/protocols/gemini/embedContent.js';
import {
  imagenSizes,
  readPredict,
  readPredictions,
  writePredict,
  writePredictions,
} from '../../../src/protocols/gemini/imagenPredict.js';
import type { ImageOptions } from '../../../src/services/spec/Provider.js';

const text = fc.string({ minLength: 0, maxLength: 60 });
const values = fc.array(
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((value) => (value === 0 ? 0 : value)),
  { minLength: 1, maxLength: 16 },
);

/** Image options as Imagen's wire carries them back: a size Imagen draws, one image left out. */
const options: fc.Arbitrary<ImageOptions> = fc.record(
  {
    size: fc.constantFrom(...Object.values(imagenSizes).map(([w, h]) => `${w}x${h}` as const)),
    count: fc.integer({ min: 2, max: 4 }),
    format: fc.constantFrom('png' as const, 'jpeg' as const),
  },
  { requiredKeys: [] },
);

describe('Gemini embedContent, both ways', () => {
  it('reads back the text it wrote, and the vector the server wrote', () => {
    fc.assert(
      fc.property(text, values, (said, vector) => {
        expect(readEmbed(JSON.parse(JSON.stringify(writeEmbed(said, 'models/m'))))).toBe(said);
        expect(readEmbedding(JSON.parse(writeEmbedding(vector)))).toEqual(vector);
      }),
    );
  });

  it('reads each request of a batch, and refuses a batch past 100', () => {
    const requests = (n: number) => ({
      requests: Array.from({ length: n }, (_, i) => writeEmbed(`t${i}`, 'models/m')),
    });
    expect(readBatchEmbed(requests(3))).toEqual(['t0', 't1', 't2']);
    expect(() => readBatchEmbed(requests(101))).toThrow('at most 100 requests can be in one batch');
  });

  it('is a malformed answer without a list of numbers', () => {
    expect(() => readEmbedding({ embedding: { values: [1, 'x'] } })).toThrow('finite numbers');
    expect(() => readEmbedding({ embeddings: [] })).toThrow('embedding');
  });
});

describe('Imagen predict, both ways', () => {
  it('reads back the call it wrote: prompt, count, size, format', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 40 }), options, (prompt, asked) => {
        expect(readPredict(JSON.parse(JSON.stringify(writePredict(prompt, asked))))).toEqual({
          prompt,
          options: asked,
        });
      }),
    );
  });

  it('writes a size as its aspect ratio, and reads a 2K size twice as large', () => {
    expect(writePredict('a', { size: '512x288' }).parameters).toMatchObject({ aspectRatio: '16:9' });
    expect(readPredict({ instances: [{ prompt: 'a' }], parameters: { aspectRatio: '1:1', imageSize: '2K' } })).toEqual({
      prompt: 'a',
      options: { size: '2048x2048' },
    });
  });

  it('cannot honour a ratio Imagen does not draw, webp, or more than four images', () => {
    for (const asked of [{ size: '1000x300' }, { format: 'webp' }, { count: 5 }] as ImageOptions[])
      expect(() => writePredict('a', asked)).toThrow(
        expect.objectContaining({ fault: expect.objectContaining({ kind: 'cannot_honour' }) }),
      );
  });

  it('reads back the images the server wrote', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            bytes: fc.uint8Array({ minLength: 1, maxLength: 32 }),
            mediaType: fc.constantFrom('image/png', 'image/jpeg'),
          }),
          { minLength: 1, maxLength: 4 },
        ),
        (images) => {
          expect(readPredictions(JSON.parse(writePredictions(images)))).toEqual(
            images.map(({ bytes, mediaType }) => ({ bytes, mimeType: mediaType })),
          );
        },
      ),
    );
  });
});
