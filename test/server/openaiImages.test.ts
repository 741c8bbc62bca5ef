import OpenAI from 'openai';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { code } from 'standin';
import { createFakeServer, type FakeServer } from 'standin/server';
import { imageByHash } from 'standin/testing';
import { readPng } from '../support/readPng.js';

const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]);

describe('FakeServer', () => {
  let server: FakeServer;
  let openai: OpenAI;

  beforeEach(async () => {
    server = await createFakeServer();
    openai = new OpenAI({ baseURL: `${server.url}/v1`, apiKey: 'sk-test', maxRetries: 0 });
  });
  afterEach(async () => {
    await server.close();
  });

  describe('POST /v1/images/generations', () => {
    it('answers client.images.generate with the images as b64_json, of the asked size and count', async () => {
      server.fake('gpt-image-1', { image: imageByHash() });
      const answer = await openai.images.generate({
        model: 'gpt-image-1',
        prompt: 'A lighthouse',
        n: 2,
        size: '1024x1024',
      });
      expect(answer.data).toHaveLength(2);
      expect(answer.output_format).toBe('png');
      const first = readPng(Buffer.from(answer.data![0]!.b64_json!, 'base64'));
      expect(first).toMatchObject({ width: 1024, height: 1024 });
      expect(server.sent).toEqual([
        expect.objectContaining({
          path: '/v1/images/generations',
          model: 'gpt-image-1',
          call: 'image',
          input: { prompt: 'A lighthouse', size: '1024x1024', count: 2 },
        }),
      ]);
    });

    it("takes size 'auto' and a DALL·E client's response_format 'b64_json' as the script's defaults", async () => {
      server.fake('dall-e-3', { image: imageByHash() });
      const answer = await openai.images.generate({
        model: 'dall-e-3',
        prompt: 'A lighthouse',
        size: 'auto',
        response_format: 'b64_json',
        quality: 'hd',
      });
      expect(readPng(Buffer.from(answer.data![0]!.b64_json!, 'base64'))).toMatchObject({ width: 256, height: 256 });
      expect(server.sent[0]!.input).toEqual({ prompt: 'A lighthouse' });
    });

    it("answers a scripts document's { base64 } image as many times as asked, its media type read from the bytes", async () => {
      server.load({ models: { 'gpt-image-1': { image: { base64: JPEG.toString('base64') } } } });
      const answer = await openai.images.generate({
        model: 'gpt-image-1',
        prompt: 'A receipt',
        n: 3,
        output_format: 'jpeg',
      });
      expect(answer.data!.map((image) => image.b64_json)).toEqual([1, 2, 3].map(() => JPEG.toString('base64')));
      expect(answer.output_format).toBe('jpeg');
      expect(server.sent[0]!.input).toEqual({ prompt: 'A receipt', count: 3, format: 'jpeg' });
    });

    it("draws PNG images for a scripts document's image: 'hash'", async () => {
      server.load({ models: { 'gpt-image-1': { image: 'hash' } } });
      const answer = await openai.images.generate({ model: 'gpt-image-1', prompt: 'A lighthouse', size: '32x16' });
      expect(readPng(Buffer.from(answer.data![0]!.b64_json!, 'base64'))).toMatchObject({ width: 32, height: 16 });
    });

    it('refuses bytes of no known format without a mediaType when the document loads', () => {
      expect(() => server.load({ models: { m: { image: { base64: 'AAEC' } } } })).toThrow(
        expect.objectContaining({ message: expect.stringContaining('mediaType') }),
      );
    });

    it("refuses response_format 'url' and a malformed size as OpenAI's 400 invalid_request_error", async () => {
      server.fake('dall-e-3', { image: imageByHash() });
      const url = await openai.images
        .generate({ model: 'dall-e-3', prompt: 'x', response_format: 'url' })
        .catch((e: unknown) => e);
      expect(url).toBeInstanceOf(OpenAI.BadRequestError);
      expect((url as InstanceType<typeof OpenAI.BadRequestError>).param).toBe('response_format');
      const size = await openai.images
        .generate({ model: 'dall-e-3', prompt: 'x', size: '5000x5000' as never })
        .catch((e: unknown) => e);
      expect((size as InstanceType<typeof OpenAI.BadRequestError>).param).toBe('size');
      expect(server.sent).toEqual([]);
    });

    it("answers a fake's jpeg it cannot draw with the fake's error, not a silent PNG", async () => {
      server.fake('gpt-image-1', { image: imageByHash() });
      const error = await openai.images
        .generate({ model: 'gpt-image-1', prompt: 'x', output_format: 'webp' })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(OpenAI.APIError);
      expect((error as Error).message).toContain(code.T0075);
    });
  });
});
