import { describe, expect, it } from 'vitest';
import { versionRefusal } from '../../../src/protocols/azure/apiVersion.js';
import { azureError } from '../../../src/protocols/azure/azureErrors.js';
import { azureFailures } from '../../../src/protocols/azure/azureFailures.js';
import { azureFilters, promptFilterResults } from '../../../src/protocols/azure/contentFilter.js';
import { failureAnswer, failureKindOf } from '../../../src/protocols/failures.js';
import { readCompletion, writeCompletion } from '../../../src/protocols/openai/chatReply.js';
import { chatChunk, chatCompletion } from '../../../src/protocols/openai/chatShapes.js';
import { ChatChunkReader, ChatChunkWriter } from '../../../src/protocols/openai/chatStream.js';
import { SseDecoder, type SseEvent } from '../../../src/protocols/sse.js';
import type { WholeReply } from '../../../src/protocols/WholeReply.js';
import { azure } from '../../../src/server/dialects/azure/azure.js';
import type { ReplyPart } from '../../../src/services/spec/Provider.js';
import type { FailureKind } from '../../../src/services/spec/failures.js';
import { fixture, fixtures } from '../../support/fixtures.js';
import { kindRead } from '../kindRead.js';

const kinds = Object.keys(azureFailures) as Exclude<FailureKind, 'network'>[];
const meta = { id: 'chatcmpl-1', created: 1, model: 'gpt-4o' };
const stopped: WholeReply = {
  text: '',
  reasoning: [],
  calls: [],
  units: { tokensIn: 0, tokensOut: 0 },
  finish: 'stop',
  stopped: { kind: 'content_filter' },
};

function thrown(run: () => unknown): Error & { fault?: { message?: string } } {
  try {
    run();
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a fault');
}

function readEvents(text: string): ReplyPart[] {
  const decoder = new SseDecoder();
  const events: SseEvent[] = [];
  decoder.push(new TextEncoder().encode(text), events);
  decoder.end(events);
  const reader = new ChatChunkReader(false);
  const out: ReplyPart[] = [];
  for (const event of events) reader.add(event, out);
  reader.end(out);
  return out;
}

describe("Azure OpenAI's protocol, both ways", () => {
  describe('failures', () => {
    it.each(kinds)('reads the kind %s back from the answer its row makes', (kind) => {
      const answer = failureAnswer(azureFailures, kind, 1500);
      if (answer === 'drop') throw new Error('only network drops');
      expect(failureKindOf(azureFailures, answer)).toBe(kind);
    });

    it.each(kinds)("reads the kind %s back from the error body Azure's dialect writes for it", (kind) => {
      const answer = failureAnswer(azureFailures, kind, 1500);
      if (answer === 'drop') throw new Error('only network drops');
      const body = JSON.parse(
        JSON.stringify(azure.errorBody(answer.message, answer, 'req_1', answer.status)),
      ) as unknown;
      expect(azureError.safeParse(body).success).toBe(true);
      expect(kindRead(azureFailures, answer.status, body)).toBe(kind);
    });

    it('writes the content filter 400 as Azure does: type null, param prompt, the verdict in innererror', () => {
      const answer = failureAnswer(azureFailures, 'content_filter');
      if (answer === 'drop') throw new Error('only network drops');
      expect(azure.errorBody(answer.message, answer, 'req_1', 400)).toEqual({
        error: expect.objectContaining({
          type: null,
          param: 'prompt',
          code: 'content_filter',
          status: 400,
          innererror: { code: 'ResponsibleAIPolicyViolation', content_filter_result: azureFilters.stopped },
        }),
      });
    });

    it.each(fixtures('azure/errors'))('parses the documented error body %s', (path) => {
      expect(azureError.safeParse(fixture(path)).success).toBe(true);
    });
  });

  describe('the content filter', () => {
    it("streams the prompt's verdict first and a stopped reply's verdict, read back naming the category", () => {
      const writer = new ChatChunkWriter(meta, true, azureFilters);
      const text = [...writer.stop({ kind: 'content_filter' }), ...writer.end()].join('');
      const first = JSON.parse(text.split('\n\n')[0]!.slice('data: '.length)) as Record<string, unknown>;
      expect(chatChunk.safeParse(first).success).toBe(true);
      expect(promptFilterResults.parse(first.prompt_filter_results)).toEqual(azureFilters.prompt);
      expect(thrown(() => readEvents(text)).message).toContain('filtered: violence (medium)');
    });

    it('writes a stopped completion with both verdicts, read back naming the category', () => {
      const text = writeCompletion(stopped, meta, azureFilters);
      expect(JSON.parse(text)).toMatchObject({
        prompt_filter_results: azureFilters.prompt,
        choices: [{ finish_reason: 'content_filter', content_filter_results: azureFilters.stopped }],
      });
      expect(thrown(() => readCompletion(text, false)).message).toContain('filtered: violence (medium)');
    });

    it('parses the documented chunks and completion, and reads the filtered chunk naming the category', () => {
      for (const path of fixtures('azure/chat').filter((name) => name.includes('chunk')))
        expect(chatChunk.safeParse(fixture(path)).success).toBe(true);
      expect(chatCompletion.safeParse(fixture('azure/chat/completion.json')).success).toBe(true);
      const filtered = ['chunk.prompt_filter_results', 'chunk.content', 'chunk.content_filter']
        .map((name) => `data: ${JSON.stringify(fixture(`azure/chat/${name}.json`))}\n\n`)
        .join('');
      expect(thrown(() => readEvents(`${filtered}data: [DONE]\n\n`)).message).toContain('filtered: violence (high)');
    });
  });

  describe('versionRefusal', () => {
    it('takes a dated version on the deployment paths, and none, v1, preview or latest on the v1 paths', () => {
      for (const query of ['api-version=2024-10-21', 'api-version=2025-04-01-preview', 'x=1&api-version=2024-02-01'])
        expect(versionRefusal(query, 'deployment')).toBeUndefined();
      for (const query of ['', 'api-version=v1', 'api-version=preview', 'api-version=latest'])
        expect(versionRefusal(query, 'v1')).toBeUndefined();
    });

    it("answers a deployment path without one as Azure does: 404, code '404', Resource not found", () => {
      expect(versionRefusal('', 'deployment')).toEqual({ status: 404, code: '404', message: 'Resource not found' });
    });

    it('refuses a version that is malformed, carries a CR or LF, or is dated on a v1 path: 400 BadRequest', () => {
      const refusal = { status: 400, code: 'BadRequest', message: 'API version not supported' };
      for (const query of [
        'api-version=latest',
        'api-version=2024-10-21%0D%0AX-Evil:%201',
        'api-version=2024-10-21%0A',
      ])
        expect(versionRefusal(query, 'deployment')).toEqual(refusal);
      expect(versionRefusal('api-version=2024-10-21', 'v1')).toEqual(refusal);
    });
  });
});
