import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { code } from '../../../src/index.js';
import { pngImage } from '../../../src/services/requests/pngImage.js';
import { readPng } from '../../support/readPng.js';
import { json, LoopbackServer } from '../../services/providers/loopback/LoopbackServer.js';
import { appOn, useFolder } from './support.js';

const folder = useFolder();
const PNG = pngImage(6, 4, 'a recorded lighthouse');
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]);

/** Records one image call (a PNG and a JPEG) through the OpenAI adapter, then replays it with the server stopped. */
async function recordThenReplay(settings: { keepBytes?: boolean }) {
  const path = join(folder(), 'images.json');
  const server = await LoopbackServer.start();
  server.on(
    '/v1/images/generations',
    json(200, {
      created: 1,
      data: [{ b64_json: Buffer.from(PNG).toString('base64') }, { b64_json: JPEG.toString('base64') }],
    }),
  );
  const base = server.url();
  const recording = appOn(base);
  const cassette = recording.cassette(path, { mode: 'record', ...settings });
  const live = await recording.image('backup', 'A lighthouse', { size: '6x4', count: 2 });
  await cassette.save();
  await server.close();
  const replaying = appOn(base);
  const tape = replaying.cassette(path, settings);
  const replayed = await replaying.image('backup', 'A lighthouse', { size: '6x4', count: 2 });
  await tape.verify();
  const file = JSON.parse(readFileSync(path, 'utf8')) as {
    entries: { call: string; request: unknown; answer: unknown }[];
  };
  return { live, replayed, entry: file.entries[0]! };
}

describe('Cassette', () => {
  describe('an image call', () => {
    it('records each image as its media type, byte count, SHA-256 and PNG size, never its bytes', async () => {
      const { entry } = await recordThenReplay({});
      expect(entry.call).toBe('image');
      expect(entry.request).toEqual({ prompt: 'A lighthouse', size: '6x4', count: 2, settings: { model: 'gpt-test' } });
      expect(entry.answer).toEqual({
        images: [
          {
            mediaType: 'image/png',
            bytes: PNG.length,
            sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
            width: 6,
            height: 4,
          },
          { mediaType: 'image/jpeg', bytes: JPEG.length, sha256: expect.stringMatching(/^[0-9a-f]{64}$/) },
        ],
      });
      expect(JSON.stringify(entry)).not.toContain(Buffer.from(PNG).toString('base64'));
    });

    it('replays bytes not kept as a stand-in PNG of the recorded size (1×1 for another format), the same on every replay', async () => {
      const first = await recordThenReplay({});
      const second = await recordThenReplay({});
      expect(first.replayed.map((image) => image.mediaType)).toEqual(['image/png', 'image/png']);
      expect(readPng(first.replayed[0]!.bytes)).toMatchObject({ width: 6, height: 4 });
      expect(readPng(first.replayed[1]!.bytes)).toMatchObject({ width: 1, height: 1 });
      expect(first.replayed).toEqual(second.replayed);
      expect(first.live.map((image) => image.mediaType)).toEqual(['image/png', 'image/jpeg']);
    });

    it('with keepBytes, records the bytes in base64 and replays the very bytes and media types', async () => {
      const { live, replayed, entry } = await recordThenReplay({ keepBytes: true });
      expect(replayed).toEqual(live);
      expect(Buffer.from(replayed[1]!.bytes)).toEqual(JPEG);
      expect((entry.answer as { images: { base64?: string }[] }).images[1]!.base64).toBe(JPEG.toString('base64'));
    });

    it('fails V0002 for a keepBytes that is not true or false', () => {
      const app = appOn('http://127.0.0.1:9');
      expect(() => app.cassette(join(folder(), 'x.json'), { keepBytes: 'yes' as never })).toThrow(
        expect.objectContaining({ code: code.V0002, message: expect.stringContaining('keepBytes') }),
      );
    });
  });
});
