import { describe, expect, it } from 'vitest';
import { createGeminiProvider, ProviderFailure } from '../../../../src/index.js';
import { writePredictions } from '../../../../src/protocols/gemini/imagenPredict.js';
import { pngImage } from '../../../../src/services/requests/pngImage.js';
import { fixtureJson } from '../../../support/fixtures.js';
import { callContext as baseContext, failure, KEY } from '../loopback/callContext.js';
import { json, raw, type LoopbackServer } from '../loopback/LoopbackServer.js';
import { useLoopback } from '../loopback/useLoopback.js';

let server: LoopbackServer;
useLoopback((started) => (server = started));

const PREDICT = '/v1beta/models/imagen-4.0-generate-001:predict';
const provider = () => createGeminiProvider({ baseURL: server.url('/v1beta') });
const context = () => baseContext({ provider: 'gemini', model: 'imagen-4.0-generate-001' });
const png = pngImage(4, 3, 'bicycle');
const predictions = (...images: Uint8Array[]) =>
  raw(200, writePredictions(images.map((bytes) => ({ bytes, mediaType: 'image/png' }))), {
    'content-type': 'application/json',
  });
const sent = (): unknown => JSON.parse(server.at(PREDICT)[0]!.body.toString('utf8'));

describe('GeminiProvider', () => {
  describe('.image', () => {
    it("posts an Imagen model's :predict with the prompt, the count, the aspect ratio and the format", async () => {
      server.on(PREDICT, predictions(png));
      const images = await provider().image('a red bicycle', { size: '1024x768', count: 1, format: 'png' }, context());
      expect(sent()).toEqual({
        instances: [{ prompt: 'a red bicycle' }],
        parameters: { sampleCount: 1, aspectRatio: '4:3', outputOptions: { mimeType: 'image/png' } },
      });
      expect(server.at(PREDICT)[0]!.headers['x-goog-api-key']).toBe(KEY);
      expect(images).toEqual([{ bytes: png, mediaType: 'image/png' }]);
    });

    it('names the aspect ratio of a size Imagen draws by its ratio', async () => {
      server.on(PREDICT, predictions(png));
      await provider().image('a bicycle', { size: '1408x768' }, context());
      expect(sent()).toMatchObject({ parameters: { aspectRatio: '16:9' } });
    });

    it('reads the documented answer, labelling each image by its bytes', async () => {
      server.on(PREDICT, json(200, fixtureJson('gemini', 'predict.json')));
      const [image] = await provider().image('a bicycle', {}, context());
      expect(image).toMatchObject({ mediaType: 'image/png' });
      expect(image!.bytes.length).toBeGreaterThan(8);
    });

    it('leaves out the images the safety filters held back', async () => {
      const filtered = fixtureJson('gemini', 'predict-filtered.json') as { predictions: unknown[] };
      const [kept] = (JSON.parse(writePredictions([{ bytes: png, mediaType: 'image/png' }])) as typeof filtered)
        .predictions;
      server.on(PREDICT, json(200, { predictions: [...filtered.predictions, kept] }));
      expect(await provider().image('a bicycle', { count: 2 }, context())).toHaveLength(1);
    });

    it('fails with kind content_filter when every image was held back', async () => {
      server.on(PREDICT, json(200, fixtureJson('gemini', 'predict-filtered.json')));
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
      server.on(PREDICT, json(429, fixtureJson('gemini', 'error-429-resource-exhausted.json')));
      expect(((await failure(provider().image('a bicycle', {}, context()))) as ProviderFailure).kind).toBe(
        'rate_limit',
      );
    });

    it('refuses with E0060 a size of an aspect ratio Imagen does not draw, webp and more than four images, sending nothing', async () => {
      await expect(provider().image('a bicycle', { size: '1000x300' }, context())).rejects.toThrow(
        expect.objectContaining({ code: 'E0060', message: expect.stringContaining("'1000x300' is 10:3") }),
      );
      await expect(provider().image('a bicycle', { format: 'webp' }, context())).rejects.toThrow(
        expect.objectContaining({ code: 'E0060' }),
      );
      await expect(provider().image('a bicycle', { count: 5 }, context())).rejects.toThrow(
        expect.objectContaining({ code: 'E0060', message: expect.stringContaining('1 to 4 images') }),
      );
      expect(server.at(PREDICT)).toHaveLength(0);
    });
  });
});
