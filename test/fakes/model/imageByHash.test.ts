import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { code } from '../../../src/index.js';
import { imageByHash } from '../../../src/testing.js';
import { readPng } from '../../support/readPng.js';
import { makeApp } from './fixtures.js';

describe('imageByHash()', () => {
  it('draws a real PNG of the asked size: signature, header, compressed pixels, checksums, end', () => {
    const [image] = imageByHash()('A lighthouse at dusk', { size: '40x24' });
    expect(image!.mediaType).toBe('image/png');
    expect(readPng(image!.bytes)).toMatchObject({ width: 40, height: 24, chunks: ['IHDR', 'IDAT', 'IEND'] });
  });

  it('draws 256×256 when the call names no size', () => {
    const [image] = imageByHash()('A lighthouse');
    expect(readPng(image!.bytes)).toMatchObject({ width: 256, height: 256 });
  });

  it('is deterministic: the same prompt and size give the same bytes; another prompt other bytes', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        const draw = (prompt: string) => imageByHash()(prompt, { size: '8x8' })[0]!.bytes;
        expect(draw(a)).toEqual(draw(a));
        if (a !== b) expect(Buffer.from(draw(a)).equals(Buffer.from(draw(b)))).toBe(false);
      }),
      { numRuns: 50 },
    );
  });

  it('draws as many images as the count asks, each different', () => {
    const images = imageByHash()('Three cats', { size: '8x8', count: 3 });
    expect(images).toHaveLength(3);
    expect(new Set(images.map((image) => Buffer.from(image.bytes).toString('hex'))).size).toBe(3);
  });

  it("fails T0075 for a format other than 'png', naming the format", () => {
    expect(() => imageByHash()('A cat', { format: 'jpeg' })).toThrow(
      expect.objectContaining({ code: code.T0075, message: expect.stringContaining("format 'jpeg'") }),
    );
  });

  it('fails T0075 for a prompt that is no string, and E0060 for malformed options', () => {
    expect(() => imageByHash()(3 as never)).toThrow(expect.objectContaining({ code: code.T0075 }));
    expect(() => imageByHash()('A cat', { size: 'big' as never })).toThrow(
      expect.objectContaining({ code: code.E0060 }),
    );
  });

  it('serves a record’s image through the engine, and sent records the prompt and options', async () => {
    const app = makeApp();
    const painter = app.fake('writer', { image: imageByHash() });
    const images = await app.image('writer', 'A lighthouse', { size: '16x16', count: 2 });
    expect(images.map((image) => readPng(image.bytes).width)).toEqual([16, 16]);
    expect(painter.sent).toEqual([
      expect.objectContaining({ call: 'image', input: { prompt: 'A lighthouse', size: '16x16', count: 2 } }),
    ]);
  });
});
