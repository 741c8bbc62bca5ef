import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  readSpeech,
  readTranscription,
  readTranscriptionAnswer,
  writeSpeech,
  writeTranscription,
  writeTranscriptionAnswer,
} from '../../../src/protocols/openai/audio.js';
import {
  readEmbeddings,
  readEmbeddingsAnswer,
  writeEmbeddings,
  writeEmbeddingsAnswer,
} from '../../../src/protocols/openai/embeddings.js';
import { readImages, readImagesAnswer, writeImages, writeImagesAnswer } from '../../../src/protocols/openai/images.js';
import { readRerank, readRerankAnswer, writeRerank, writeRerankAnswer } from '../../../src/protocols/openai/rerank.js';
import type { ImageOptions } from '../../../src/services/spec/Provider.js';

const texts = fc.array(fc.string({ maxLength: 20 }), { minLength: 1, maxLength: 5 });
const roundTrip = <T>(value: T): unknown => JSON.parse(JSON.stringify(value));

describe('OpenAI embeddings, audio, images and rerank, both ways', () => {
  describe('embeddings', () => {
    it('reads back the request it wrote', () => {
      fc.assert(
        fc.property(texts, (input) => {
          expect(readEmbeddings(roundTrip(writeEmbeddings('m', input)))).toEqual({
            model: 'm',
            texts: input,
            base64: true,
          });
        }),
      );
    });

    it('reads back every float32 vector it wrote, as base64 and as floats', () => {
      const vector = fc.array(fc.float({ noNaN: true, noDefaultInfinity: true }), { minLength: 1, maxLength: 16 });
      fc.assert(
        fc.property(fc.array(vector, { minLength: 1, maxLength: 4 }), fc.boolean(), (vectors, base64) => {
          const answer = JSON.parse(writeEmbeddingsAnswer(vectors, 'm', base64, 1)) as unknown;
          // JSON writes -0 as 0; base64 keeps it.
          const canonical = base64
            ? vectors
            : vectors.map((vector) => vector.map((value) => (value === 0 ? 0 : value)));
          expect(readEmbeddingsAnswer(answer, vectors.length)).toEqual(canonical);
        }),
      );
    });

    it('refuses an answer short of a vector, or with one that is not float32 values', () => {
      expect(() => readEmbeddingsAnswer({ data: [{ index: 0, embedding: [1] }] }, 2)).toThrow('no embedding 1');
      expect(() => readEmbeddingsAnswer({ data: [{ index: 0, embedding: 'AAA' }] }, 1)).toThrow('base64');
    });
  });

  describe('rerank', () => {
    it('reads back the request it wrote, and every score of the answer it wrote', () => {
      const scores = fc.array(fc.double({ min: -1, max: 1, noNaN: true }), { minLength: 1, maxLength: 6 });
      fc.assert(
        fc.property(scores, fc.string(), (drawn, query) => {
          const documents = drawn.map((_, i) => `text ${i}`);
          expect(readRerank(roundTrip(writeRerank('m', query, documents)))).toMatchObject({ query, texts: documents });
          const answer = JSON.parse(writeRerankAnswer('r', 'm', drawn, documents, {})) as unknown;
          expect(readRerankAnswer(answer, drawn.length)).toEqual(
            drawn.map((score) => (Object.is(score, -0) ? 0 : score)),
          );
        }),
      );
    });

    it('answers the best first, the first top_n of them, with the documents when asked', () => {
      const answer = JSON.parse(
        writeRerankAnswer('r', 'm', [0.1, 0.9, 0.5], ['a', 'b', 'c'], { top: 2, documents: true }),
      );
      expect(answer.results).toEqual([
        { index: 1, relevance_score: 0.9, document: { text: 'b' } },
        { index: 2, relevance_score: 0.5, document: { text: 'c' } },
      ]);
    });
  });

  describe('images', () => {
    it('reads back the options it wrote', () => {
      const options: fc.Arbitrary<ImageOptions> = fc.record(
        {
          size: fc.constantFrom('1024x1024' as const, '512x768' as const),
          count: fc.integer({ min: 2, max: 10 }),
          format: fc.constantFrom('png' as const, 'jpeg' as const, 'webp' as const),
        },
        { requiredKeys: [] },
      );
      fc.assert(
        fc.property(options, (drawn) => {
          expect(readImages(roundTrip(writeImages('gpt-image-1', 'a cat', drawn)))).toEqual({
            model: 'gpt-image-1',
            prompt: 'a cat',
            options: drawn,
            urls: false,
          });
        }),
      );
    });

    it('reads back the bytes it wrote, with the format they share', () => {
      const images = [{ bytes: new Uint8Array([1, 2, 3]), mediaType: 'image/webp' }];
      expect(readImagesAnswer(JSON.parse(writeImagesAnswer(images, 1)))).toEqual([
        { bytes: new Uint8Array([1, 2, 3]), format: 'webp' },
      ]);
    });

    it('reads a size of auto as the script’s own, and refuses one that is no size', () => {
      expect(readImages({ model: 'm', prompt: 'p', size: 'auto' }).options).toEqual({});
      expect(() => readImages({ model: 'm', prompt: 'p', size: 'big' })).toThrow("'big'");
    });
  });

  describe('audio', () => {
    it('reads back the upload it wrote: the audio, its kind, the language and the hint', async () => {
      const input = { audio: new Uint8Array([82, 73, 70, 70]), kind: 'wav', language: 'en', hint: 'Okta' };
      expect(await readTranscription(writeTranscription(input, 'whisper-1'))).toEqual({
        model: 'whisper-1',
        input,
        format: 'json',
      });
    });

    it('reads back the text of the answer it wrote', () => {
      expect(readTranscriptionAnswer(JSON.parse(writeTranscriptionAnswer('hi', 'json', undefined).body))).toBe('hi');
      expect(writeTranscriptionAnswer('hi', 'text', undefined)).toEqual({
        body: 'hi',
        type: 'text/plain; charset=utf-8',
      });
    });

    it('reads back the speech request it wrote, mp3 unless it names a format', () => {
      expect(readSpeech(roundTrip(writeSpeech('tts-1', 'Hello', 'nova')))).toEqual({
        model: 'tts-1',
        text: 'Hello',
        format: 'mp3',
        stream: undefined,
      });
    });
  });
});
