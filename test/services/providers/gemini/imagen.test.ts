import { describe, expect, it } from 'vitest';
import { createGeminiProvider, ProviderFailure } from '../../../../src/index.js';
import { pngImage } from '../../../../src/services/requests/pngImage.js';
import { callContext as baseContext, failure, KEY } from '../loopback/callContext.js';
import { json, type LoopbackServer } from '../loopback/LoopbackServer.js';
import { useLoopback } from '../loopback/useLoopback.js';
import { errorBody, paths } from './geminiWire.js';

let server: LoopbackServer;
useLoopback((started) => (server = started));

const { predict: PREDICT } = paths('imagen-4.0-generate-001');
const provider = () => createGeminiProvider({ baseURL: server.url('/v1beta') });
const context = () => baseContext({ provider: 'gemini', model: 'imagen-4.0-generate-001' });
const png = Buffer.from(pngImage(4, 3, 'bicycle')).toString('base64');
const sent = (): unknown => JSON.parse(server.at(PREDICT)[0]!.body.toString('utf8'));

describe('GeminiProvider', () => {
  describe('.image', () => {
    it("posts an Imagen model's :predict with the prompt, the count, the aspect ratio and the format", async () => {
      server.on(PREDICT, json(200, { predictions: [{ bytesBase64Encoded: png, mimeType: 'image/png' }] }));
      const images = await provider().image('a red bicycle', { size: '1024x768', count: 1, format: 'png' }, context());
      expect(sent()).toEqual({
        instances: [{ prompt: 'a red bicycle' }],
        parameters: { sampleCount: 1, aspectRatio: '4:3', outputOptions: { mimeType: 'image/png' } },
      });
      expect(server.at(PREDICT)[0]!.headers['x-goog-api-key']).toBe(KEY);
      expect(images).toEqual([{ bytes: new Uint8Array(Buffer.from(png, 'base64')), mediaType: 'image/png' }]);
    });

    it('leaves out the images the safety filters held back', async () => {
      server.on(
        PREDICT,
        json(200, {
          predictions: [{ raiFilteredReason: 'Unsafe.' }, { bytesBase64Encoded: png, mimeType: 'image/png' }],
        }),
      );
      expect(await provider().image('a bicycle', { count: 2 }, context())).toHaveLength(1);
    });

    it('fails with kind content_filter when every image was held back', async () => {
      server.on(PREDICT, json(200, { predictions: [{ raiFilteredReason: 'Unsafe.' }] }));
      const error = await failure(provider().image('a bicycle', {}, context()));
      expect(error).toBeInstanceOf(ProviderFailure);
      expect((error as ProviderFailure).kind).toBe('content_filter');
    });

    it('is a malformed response without images', async () => {
      server.on(PREDICT, json(200, {}));
      expect(((await failure(provider().image('a bicycle', {}, context()))) as Error).message).toContain(
        'no `predictions` list',
      );
    });

    it('fails with the kind of a Gemini error body', async () => {
      server.on(PREDICT, json(429, errorBody(429, 'RESOURCE_EXHAUSTED', 'Quota exceeded.')));
      expect(((await failure(provider().image('a bicycle', {}, context()))) as ProviderFailure).kind).toBe(
        'rate_limit',
      );
    });

    it('refuses with E0060 a size of an aspect ratio Imagen does not draw, and webp, sending nothing', async () => {
      await expect(provider().image('a bicycle', { size: '1000x300' }, context())).rejects.toThrow(
        expect.objectContaining({ code: 'E0060', message: expect.stringContaining("'1000x300' is 10:3") }),
      );
      await expect(provider().image('a bicycle', { format: 'webp' }, context())).rejects.toThrow(
        expect.objectContaining({ code: 'E0060' }),
      );
      expect(server.at(PREDICT)).toHaveLength(0);
    });
  });
});
