import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { transcriptionAnswer, writeTranscriptionAnswer } from '../../../src/protocols/openai/audio.js';
import { writeCompletion } from '../../../src/protocols/openai/chatReply.js';
import { chatChunk, chatCompletion } from '../../../src/protocols/openai/chatShapes.js';
import { ChatChunkWriter } from '../../../src/protocols/openai/chatStream.js';
import { embeddingsAnswer, writeEmbeddingsAnswer } from '../../../src/protocols/openai/embeddings.js';
import { imagesAnswer, writeImagesAnswer } from '../../../src/protocols/openai/images.js';
import { modelList, writeModelList } from '../../../src/protocols/openai/models.js';
import { rerankAnswer, writeRerankAnswer } from '../../../src/protocols/openai/rerank.js';
import { ResponseEventWriter } from '../../../src/protocols/openai/ResponseEventWriter.js';
import { writeResponse } from '../../../src/protocols/openai/responsesReply.js';
import {
  outputItem,
  responsesEvent,
  responsesEvents,
  responsesResponse,
} from '../../../src/protocols/openai/responsesShapes.js';
import { pngImage } from '../../../src/services/requests/pngImage.js';
import type { ReplyPart } from '../../../src/services/spec/Provider.js';
import { fixture, fixtures } from '../../support/fixtures.js';

const meta = { id: 'resp_1', created: 1, model: 'gpt-test' };
const call = { id: 'call_1', tool: 'get_weather', with: { location: 'Paris' } };
const reply: ReplyPart[] = [
  { type: 'reasoning', text: 'Think.', block: 0 },
  { type: 'text', text: 'Hi there.' },
  { type: 'call', call },
  { type: 'units', tokensIn: 3, tokensOut: 4 },
  { type: 'finish', reason: 'calls' },
];

/** What a written value lacks of a documented one: the keys the fixture has and it does not. */
function missing(written: object, documented: object): string[] {
  return Object.keys(documented).filter((key) => !(key in written));
}

/** The data of each SSE event text, parsed. */
function data(events: readonly string[]): Record<string, unknown>[] {
  return events.map(
    (event) =>
      JSON.parse(
        event
          .split('\ndata: ')
          .at(-1)!
          .replace(/^data: /, ''),
      ) as never,
  );
}

function parses(schema: z.ZodType, path: string): void {
  const read = schema.safeParse(fixture(path));
  expect(read.success, `${path}: ${read.error?.message ?? ''}`).toBe(true);
}

describe('the OpenAI fixtures', () => {
  describe('chat completions', () => {
    it.each(fixtures('openai/chat').filter((path) => path.includes('/chunk.')))('%s parses as a chunk', (path) =>
      parses(chatChunk, path),
    );

    it.each(fixtures('openai/chat').filter((path) => path.includes('/completion')))(
      '%s parses as a completion',
      (path) => parses(chatCompletion, path),
    );

    it('the writer writes every field the documented chunks and completion have', () => {
      const writer = new ChatChunkWriter({ ...meta, id: 'chatcmpl-1' }, true);
      const chunks = data([...reply.flatMap((part) => writer.part(part)), ...writer.end()].slice(0, -1));
      for (const chunk of chunks) expect(chatChunk.safeParse(chunk).success).toBe(true);
      const content = fixture<{ choices: object[] }>('openai/chat/chunk.content.json');
      const written = chunks[1] as { choices: object[] };
      expect(missing(written, content)).toEqual(['service_tier']);
      expect(missing(written.choices[0]!, content.choices[0]!)).toEqual([]);
      expect(missing(chunks.at(-1)!, fixture('openai/chat/chunk.usage.json'))).toEqual(['service_tier']);
      const whole = JSON.parse(
        writeCompletion(
          { text: 'Hi', reasoning: [], calls: [], units: { tokensIn: 1, tokensOut: 1 }, finish: 'stop' },
          meta,
        ),
      ) as { choices: { message: object }[] };
      const documented = fixture<{ choices: { message: object }[] }>('openai/chat/completion.json');
      expect(missing(whole, documented)).toEqual([]);
      expect(missing(whole.choices[0]!.message, documented.choices[0]!.message)).toEqual([]);
    });
  });

  describe('responses', () => {
    const events = fixtures('openai/responses').filter((path) => !path.endsWith('/response.json'));

    it.each(events)('%s parses as the event its type names', (path) => {
      const event = responsesEvent.parse(fixture(path));
      const schema = (responsesEvents as Record<string, z.ZodType>)[event.type];
      if (schema !== undefined) parses(schema, path);
    });

    it('the whole response parses, each output item too', () => {
      const response = responsesResponse.parse(fixture('openai/responses/response.json'));
      for (const item of response.output) expect(outputItem.safeParse(item).success).toBe(true);
    });

    it('the writer writes every field the documented events have, and each event parses', () => {
      const writer = new ResponseEventWriter(meta);
      const written = data([...reply.flatMap((part) => writer.part(part)), ...writer.end()]);
      const documented = new Map(
        events.map((path) => [path, fixture<{ type: string; item?: { type: string } }>(path)]),
      );
      let compared = 0;
      for (const event of written) {
        const type = event.type as string;
        const schema = (responsesEvents as Record<string, z.ZodType>)[type];
        if (schema !== undefined) expect(schema.safeParse(event).success, type).toBe(true);
        const item = (event.item as { type?: string } | undefined)?.type;
        for (const fixed of documented.values()) {
          if (fixed.type !== type || (fixed.item !== undefined && fixed.item.type !== item)) continue;
          expect(missing(event, fixed), type).toEqual([]);
          if (fixed.item !== undefined && item !== undefined)
            expect(
              missing(event.item as object, fixed.item).filter((key) => key !== 'status'),
              type,
            ).toEqual([]);
          compared++;
        }
      }
      expect(compared).toBeGreaterThanOrEqual(10);
    });

    it('the whole response the writer writes has every output item field the documented one has', () => {
      const whole = JSON.parse(
        writeResponse(
          {
            text: 'Hi',
            reasoning: ['Think.'],
            calls: [call],
            units: { tokensIn: 1, tokensOut: 1 },
            finish: 'calls',
          },
          meta,
        ),
      ) as { output: { type: string }[] };
      const documented = fixture<{ output: { type: string }[] }>('openai/responses/response.json');
      for (const item of documented.output) {
        const mine = whole.output.find((found) => found.type === item.type)!;
        expect(missing(mine, item), item.type).toEqual([]);
      }
    });
  });

  describe('embeddings, audio, images, the model list and rerank', () => {
    it.each([
      ['openai/media/embeddings.json', embeddingsAnswer],
      ['openai/media/embeddings.base64.json', embeddingsAnswer],
      ['openai/media/transcription.json', transcriptionAnswer],
      ['openai/media/images.json', imagesAnswer],
      ['openai/media/models.json', modelList],
      ['openai/media/rerank.json', rerankAnswer],
    ] as const)('%s parses', (path, schema) => parses(schema, path));

    it('what the writers write parses with the same shapes and has the documented fields', () => {
      const pairs: [string, z.ZodType, string][] = [
        [writeEmbeddingsAnswer([[1, 2]], 'text-embedding-3-small', false, 1), embeddingsAnswer, 'embeddings'],
        [writeTranscriptionAnswer('hi', 'json', undefined).body, transcriptionAnswer, 'transcription'],
        [writeImagesAnswer([{ bytes: pngImage(1, 1, 'x'), mediaType: 'image/png' }], 1), imagesAnswer, 'images'],
        [writeModelList(['gpt-test'], 'standin'), modelList, 'models'],
        [writeRerankAnswer('r', 'm', [0.2, 0.9], ['a', 'b'], {}), rerankAnswer, 'rerank'],
      ];
      for (const [text, schema, name] of pairs) {
        const value = JSON.parse(text) as Record<string, unknown>;
        expect(schema.safeParse(value).success, name).toBe(true);
        const documented = fixture<Record<string, unknown>>(`openai/media/${name}.json`);
        const lacking = missing(value, documented).filter(
          (key) => !['usage', 'background', 'size', 'quality'].includes(key),
        );
        expect(lacking, name).toEqual([]);
      }
    });
  });
});
