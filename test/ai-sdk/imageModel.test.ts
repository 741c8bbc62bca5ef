import { generateImage } from 'ai';
import { MockImageModelV4, MockProviderV4 } from 'ai/test';
import { APICallError, type ImageModelV4, type ProviderV4 } from '@ai-sdk/provider';
import { ContainerModule } from 'inversify';
import { describe, expect, it } from 'vitest';
import { code, Tokens } from '../../src/index.js';
import { fromAiSdk, imageModel } from '../../src/ai-sdk.js';
import { pngImage } from '../../src/services/requests/pngImage.js';
import { createTestApp, imageByHash } from '../../src/testing.js';
import { readPng } from '../support/readPng.js';

const config = {
  models: { painter: { provider: 'sdk', model: 'paint-1' } },
  retry: { attempts: 2, baseDelayMs: 1, jitter: 0 },
};

describe('imageModel', () => {
  it("paints through the app's fake with generateImage: the size and n as its size and count", async () => {
    const app = createTestApp(config);
    const painter = app.fake('painter', { image: imageByHash() });
    const { images } = await generateImage({
      model: imageModel(app, 'painter'),
      prompt: 'A lighthouse',
      n: 2,
      size: '40x30',
    });
    expect(images).toHaveLength(2);
    expect(images[0]!.mediaType).toBe('image/png');
    expect(readPng(images[0]!.uint8Array)).toMatchObject({ width: 40, height: 30 });
    expect(painter.sent[0]).toMatchObject({
      call: 'image',
      input: { prompt: 'A lighthouse', size: '40x30', count: 2 },
    });
  });

  it('reads a format under providerOptions.standin, and warns of an aspect ratio it does not take', async () => {
    const app = createTestApp(config);
    const painter = app.fake('painter', {
      image: () => [{ bytes: new Uint8Array([0xff, 0xd8, 0xff, 0xe0]), mediaType: 'image/jpeg' }],
    });
    const { image, warnings } = await generateImage({
      model: imageModel(app, 'painter'),
      prompt: 'A receipt',
      aspectRatio: '16:9',
      providerOptions: { standin: { format: 'jpeg' } },
    });
    expect(image.mediaType).toBe('image/jpeg');
    expect(warnings).toEqual([expect.objectContaining({ type: 'unsupported', feature: 'aspectRatio' })]);
    expect(painter.sent[0]!.input).toEqual({ prompt: 'A receipt', format: 'jpeg' });
  });

  it('fails A0006 for a model the app does not have', () => {
    expect(() => imageModel(createTestApp(config), 'nobody')).toThrow(expect.objectContaining({ code: code.A0006 }));
  });
});

describe('fromAiSdk', () => {
  describe('.image', () => {
    const appOn = (model: ImageModelV4) =>
      createTestApp(
        config,
        new ContainerModule(({ bind }) => {
          bind(Tokens.Provider)
            .toConstantValue(
              fromAiSdk(new MockProviderV4({ imageModels: { 'paint-1': model } }) as unknown as ProviderV4),
            )
            .whenNamed('sdk');
        }),
      );

    it("serves app.image from the provider's image model: n, size and the format under the provider's key", async () => {
      const png = pngImage(3, 3, 'x');
      const seen: unknown[] = [];
      const model = new MockImageModelV4({
        provider: 'openai.image',
        doGenerate: async (options) => {
          seen.push({
            prompt: options.prompt,
            n: options.n,
            size: options.size,
            providerOptions: options.providerOptions,
          });
          return {
            images: [Buffer.from(png).toString('base64'), Buffer.from(png).toString('base64')],
            warnings: [],
            response: { timestamp: new Date(0), modelId: 'paint-1', headers: undefined },
          };
        },
      }) as ImageModelV4;
      const app = appOn(model);
      app.allowRealCalls('sdk');
      const images = await app.image('painter', 'A lighthouse', { size: '3x3', count: 2, format: 'png' });
      expect(images).toEqual([
        { bytes: png, mediaType: 'image/png' },
        { bytes: png, mediaType: 'image/png' },
      ]);
      expect(seen).toEqual([
        { prompt: 'A lighthouse', n: 2, size: '3x3', providerOptions: { openai: { output_format: 'png' } } },
      ]);
    });

    it('retries an image model failure the AI SDK marks retryable, as any provider failure', async () => {
      let calls = 0;
      const model = new MockImageModelV4({
        doGenerate: async () => {
          calls += 1;
          if (calls === 1)
            throw new APICallError({
              message: 'Overloaded',
              url: 'x',
              requestBodyValues: {},
              statusCode: 503,
              isRetryable: true,
            });
          return {
            images: [pngImage(1, 1, 'y')],
            warnings: [],
            response: { timestamp: new Date(0), modelId: 'paint-1', headers: undefined },
          };
        },
      }) as ImageModelV4;
      const app = appOn(model);
      app.allowRealCalls('sdk');
      await expect(app.image('painter', 'x')).resolves.toHaveLength(1);
      expect(calls).toBe(2);
    });

    it('fails A0004 for an image of no format standin reads, and E0007 for fewer images than asked', async () => {
      const answering = (images: Uint8Array[]) =>
        appOn(
          new MockImageModelV4({
            doGenerate: async () => ({
              images,
              warnings: [],
              response: { timestamp: new Date(0), modelId: 'paint-1', headers: undefined },
            }),
          }) as ImageModelV4,
        );
      const odd = answering([new Uint8Array([1, 2, 3])]);
      odd.allowRealCalls('sdk');
      await expect(odd.image('painter', 'x')).rejects.toMatchObject({ code: code.A0004 });
      const short = answering([pngImage(1, 1, 'z')]);
      short.allowRealCalls('sdk');
      await expect(short.image('painter', 'x', { count: 2 })).rejects.toMatchObject({ code: code.E0007 });
    });
  });
});
