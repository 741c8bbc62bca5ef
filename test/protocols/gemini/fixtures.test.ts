import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { failureKindOf } from '../../../src/protocols/failures.js';
import {
  batchEmbedBody,
  batchEmbedResponse,
  embedBody,
  embedResponse,
  readBatchEmbed,
  readEmbed,
  readEmbedding,
  writeEmbedding,
  writeBatchEmbed,
} from '../../../src/protocols/gemini/embedContent.js';
import { geminiError } from '../../../src/protocols/gemini/geminiErrors.js';
import { geminiFailures } from '../../../src/protocols/gemini/geminiFailures.js';
import { readGenerate } from '../../../src/protocols/gemini/generateRequest.js';
import { GenerateChunkReader, readGenerateResponse } from '../../../src/protocols/gemini/generateReader.js';
import { generateBody } from '../../../src/protocols/gemini/generateShapes.js';
import { GenerateChunkWriter, writeGenerateResponse } from '../../../src/protocols/gemini/generateWriter.js';
import {
  predictBody,
  predictResponse,
  readPredict,
  readPredictions,
  writePredictions,
} from '../../../src/protocols/gemini/imagenPredict.js';
import { generateResponse } from '../../../src/protocols/gemini/responseShapes.js';
import { SseDecoder, type SseEvent } from '../../../src/protocols/sse.js';
import type { ReplyPart } from '../../../src/services/spec/Provider.js';
import { fixtureJson, fixtureNames, fixtureText } from '../../support/fixtures.js';
import { folded } from '../replyArbitraries.js';

const names = fixtureNames('gemini');
const json = (name: string): unknown => fixtureJson('gemini', name);

/** The schema each fixture is one of, by its name. */
function schemaOf(name: string): z.ZodType {
  if (name.startsWith('error-')) return geminiError;
  if (name === 'generate-request.json' || name === 'generate-request-typed.json') return generateBody;
  if (name.startsWith('generate-')) return generateResponse;
  if (name === 'embed-request.json') return embedBody;
  if (name === 'batch-embed-request.json') return batchEmbedBody;
  if (name === 'embed-content.json') return embedResponse;
  if (name === 'batch-embed-contents.json') return batchEmbedResponse;
  if (name === 'predict-request.json') return predictBody;
  if (name.startsWith('predict')) return predictResponse;
  throw new Error(`no schema is known for the fixture ${name}`);
}

/** A stream fixture's events, decoded as a client decodes them. */
function events(name: string): SseEvent[] {
  const decoder = new SseDecoder();
  const out: SseEvent[] = [];
  decoder.push(new TextEncoder().encode(fixtureText('gemini', name)), out);
  decoder.end(out);
  return out;
}

function streamParts(name: string, typed = false): ReplyPart[] {
  const reader = new GenerateChunkReader(typed);
  const out: ReplyPart[] = [];
  for (const event of events(name)) reader.add(event, out);
  reader.end(out);
  return out;
}

/** The paths of the fields a JSON value holds (`candidates.content.parts.text`), lists looked through. */
function fieldPaths(value: unknown, at = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((item) => fieldPaths(item, at));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, item]) => {
    const path = at === '' ? key : `${at}.${key}`;
    return [path, ...fieldPaths(item, path)];
  });
}

const said = (fault: () => unknown): Record<string, unknown> => {
  try {
    fault();
  } catch (error) {
    return (error as { fault: Record<string, unknown> }).fault;
  }
  throw new Error('expected a fault');
};

describe('the Gemini fixtures', () => {
  it.each(names.filter((name) => name.endsWith('.json')))('%s parses with the protocol’s schema', (name) => {
    expect(schemaOf(name).safeParse(json(name)).error).toBeUndefined();
  });

  it.each(names.filter((name) => name.endsWith('.sse')))('every event of %s parses as a response', (name) => {
    const found = events(name);
    expect(found.length).toBeGreaterThan(0);
    for (const event of found) expect(generateResponse.safeParse(JSON.parse(event.data)).error).toBeUndefined();
  });

  describe('read by the adapter’s readers', () => {
    it('reads whole responses: text, thoughts, calls with their ids, usage, finish', () => {
      expect(folded(readGenerateResponse(JSON.stringify(json('generate-text.json')), false))).toMatchObject({
        text: 'Refunds reach your card within five working days.',
        units: { tokensIn: 12, tokensOut: 10 },
        finish: 'stop',
      });
      expect(folded(readGenerateResponse(JSON.stringify(json('generate-thought.json')), false))).toMatchObject({
        text: 'About five working days.',
        reasoning: ['**Weighing the request**\n\nThe user asks how long a refund takes.'],
        units: { tokensIn: 9, tokensOut: 132 },
      });
      expect(folded(readGenerateResponse(JSON.stringify(json('generate-function-call.json')), false))).toMatchObject({
        calls: [
          { id: 'fc_8k2n', tool: 'lookup', with: { query: 'refund policy' } },
          { id: 'fc_9q7d', tool: 'escalate', with: { team: 'billing', reason: 'unsure' } },
        ],
        units: { tokensIn: 65, tokensOut: 24 },
        finish: 'calls',
      });
      expect(folded(readGenerateResponse(JSON.stringify(json('generate-max-tokens.json')), false)).finish).toBe(
        'length',
      );
      expect(folded(readGenerateResponse(JSON.stringify(json('generate-typed-value.json')), true)).value).toEqual({
        team: 'billing',
        urgent: true,
      });
    });

    it('reads a blocked prompt and a safety finish as content_filter failures', () => {
      for (const name of ['generate-blocked-prompt.json', 'generate-safety-finish.json'])
        expect(said(() => readGenerateResponse(JSON.stringify(json(name)), false))).toMatchObject({
          kind: 'failed',
          failure: 'content_filter',
        });
    });

    it('reads streams: text in pieces, thoughts, calls, the last usage', () => {
      expect(folded(streamParts('stream-text.sse'))).toMatchObject({
        text: 'Refunds reach your card within five working days.',
        units: { tokensIn: 12, tokensOut: 10 },
        finish: 'stop',
      });
      expect(streamParts('stream-thought.sse')[0]).toEqual({
        type: 'reasoning',
        text: '**Weighing the request**',
        block: 0,
      });
      expect(folded(streamParts('stream-function-call.sse')).calls).toHaveLength(2);
    });

    it('reads a stream’s safety finish, blocked prompt and error event as faults', () => {
      expect(said(() => streamParts('stream-safety-finish.sse'))).toMatchObject({ failure: 'content_filter' });
      expect(said(() => streamParts('stream-blocked-prompt.sse'))).toMatchObject({
        failure: 'content_filter',
        message: expect.stringContaining('PROHIBITED_CONTENT'),
      });
      expect(said(() => streamParts('stream-error.sse'))).toMatchObject({ kind: 'reported' });
    });

    it('reads each error body’s kind from the failure table where its words are the table’s', () => {
      const kindOf = (name: string) => {
        const { error } = geminiError.parse(json(name));
        return failureKindOf(geminiFailures, { status: error.code, type: error.status, message: error.message });
      };
      expect(kindOf('error-429-resource-exhausted.json')).toBe('rate_limit');
      expect(kindOf('error-503-unavailable.json')).toBe('server');
      expect(kindOf('error-504-deadline-exceeded.json')).toBe('timeout');
      expect(kindOf('error-400-api-key-invalid.json')).toBe('auth');
      expect(kindOf('error-400-context-length.json')).toBe('context_length');
      // A real 500 is a server's failure, left to the words every provider shares: not the table's `unknown`.
      expect(kindOf('error-500-internal.json')).toBeUndefined();
    });

    it('reads embeddings and Imagen predictions', () => {
      expect(readEmbedding(json('embed-content.json'))).toHaveLength(7);
      const [image] = readPredictions(json('predict.json'));
      expect(image).toMatchObject({ mimeType: 'image/png', bytes: expect.any(Uint8Array) });
      expect(said(() => readPredictions(json('predict-filtered.json')))).toMatchObject({ failure: 'content_filter' });
    });
  });

  describe('read by the server’s readers', () => {
    it('reads the documented request: parts of every kind, a call and its response by id, tools, settings', () => {
      const request = readGenerate(json('generate-request.json'), 'gemini-2.5-flash');
      expect(request).toMatchObject({
        model: 'gemini-2.5-flash',
        instructions: 'You answer questions about refunds.',
        messages: [
          {
            role: 'user',
            content: [
              { type: 'text', text: 'What does this receipt say, and what is the refund policy?' },
              { type: 'image', mediaType: 'image/png', bytes: expect.any(Uint8Array) },
              { type: 'file', url: 'https://example.com/policy.pdf', mediaType: 'application/pdf' },
            ],
          },
          {
            role: 'assistant',
            content: 'Let me look that up.',
            calls: [{ id: 'fc_8k2n', tool: 'lookup', with: { query: 'refund policy' } }],
          },
          { role: 'tool', results: [{ id: 'fc_8k2n', tool: 'lookup', output: { days: 5 } }] },
          { role: 'user', content: 'And for a card?' },
        ],
        tools: [
          {
            name: 'lookup',
            input: { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] },
          },
        ],
        settings: { temperature: 0.4, topP: 0.9, maxOutputTokens: 512, stopSequences: ['END'], seed: 7 },
      });
      expect(request.settings?.toolChoice).toBe('auto');
    });

    it("reads a typed value asked in Gemini's schema form as JSON Schema", () => {
      expect(readGenerate(json('generate-request-typed.json'), 'm').output).toEqual({
        name: 'response',
        schema: {
          type: 'object',
          properties: {
            team: { type: 'string', enum: ['billing', 'technical'] },
            urgent: { type: ['boolean', 'null'] },
          },
          required: ['team'],
        },
      });
    });

    it('reads embed and predict requests', () => {
      expect(readEmbed(json('embed-request.json'))).toBe('What is the refund policy?');
      expect(readBatchEmbed(json('batch-embed-request.json'))).toEqual([
        'Refunds take five days.',
        'Our office is in Lisbon.',
      ]);
      expect(readPredict(json('predict-request.json'))).toEqual({
        prompt: 'A receipt stamped REFUNDED, on a wooden desk',
        options: { size: '1408x768', count: 2, format: 'jpeg' },
      });
    });
  });

  describe('what the server’s writers write', () => {
    const meta = { id: 'resp_1', model: 'gemini-2.5-flash' };
    const known = new Set(
      names
        .filter((name) => name.startsWith('generate-') && !name.startsWith('generate-request'))
        .flatMap((name) => fieldPaths(json(name))),
    );
    const reply = {
      text: 'Hi',
      reasoning: ['Hmm.'],
      calls: [{ id: 'fc_1', tool: 'lookup', with: { query: 'x' } }],
      units: { tokensIn: 3, tokensOut: 2 },
      finish: 'calls' as const,
    };

    it('writes whole responses and stream events with the fields the fixtures hold, and no null', () => {
      const writer = new GenerateChunkWriter(meta);
      const streamed = [
        ...writer.part({ type: 'reasoning', text: 'Hmm.', block: 0 }),
        ...writer.part({ type: 'text', text: 'Hi' }),
        ...writer.part({ type: 'call', call: reply.calls[0]! }),
        ...writer.end(),
      ].map((event) => event.replace(/^data: /, ''));
      const blocked = new GenerateChunkWriter(meta).stop({ kind: 'content_filter' })[0]!.replace(/^data: /, '');
      const late = new GenerateChunkWriter(meta);
      late.part({ type: 'text', text: 'Hi' });
      const stopped = late.stop({ kind: 'content_filter' })[0]!.replace(/^data: /, '');
      const written = [
        writeGenerateResponse(reply, meta),
        writeGenerateResponse({ ...reply, calls: [], finish: 'stop', stopped: { kind: 'content_filter' } }, meta),
        ...streamed,
        blocked,
        stopped,
      ];
      for (const text of written) {
        expect(text).not.toContain('null');
        const value = JSON.parse(text) as unknown;
        expect(generateResponse.safeParse(value).error).toBeUndefined();
        expect(fieldPaths(value).filter((path) => !known.has(path))).toEqual([]);
      }
    });

    it('writes embeddings and predictions the adapter’s readers and the fixtures’ schemas take', () => {
      expect(embedResponse.safeParse(JSON.parse(writeEmbedding([0.5, -1]))).error).toBeUndefined();
      expect(batchEmbedResponse.safeParse(JSON.parse(writeBatchEmbed([[1], [2]]))).error).toBeUndefined();
      const predictions = JSON.parse(writePredictions([{ bytes: new Uint8Array([1, 2]), mediaType: 'image/png' }]));
      expect(fieldPaths(predictions).every((path) => fieldPaths(json('predict.json')).includes(path))).toBe(true);
    });
  });
});
