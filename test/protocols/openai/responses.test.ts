import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ResponseEventReader } from '../../../src/protocols/openai/ResponseEventReader.js';
import { ResponseEventWriter } from '../../../src/protocols/openai/ResponseEventWriter.js';
import { readResponse, writeResponse } from '../../../src/protocols/openai/responsesReply.js';
import { MIN_OUTPUT_TOKENS, readResponses, writeResponses } from '../../../src/protocols/openai/responsesRequest.js';
import { SseDecoder, type SseEvent } from '../../../src/protocols/sse.js';
import type { WholeReply } from '../../../src/protocols/WholeReply.js';
import type { WireFault } from '../../../src/protocols/WireFault.js';
import type { CallSettings } from '../../../src/services/spec/CallSettings.js';
import type { ContentPart } from '../../../src/services/spec/ContentPart.js';
import type { ReplyPart, ReplyRequest } from '../../../src/services/spec/Provider.js';
import { chatRequest, folded, replyParts, settings, signedParts, withSignedReasoning } from '../replyArbitraries.js';

const meta = { id: 'resp_1', created: 1, model: 'gpt-test' };
const bytes = fc.uint8Array({ minLength: 1, maxLength: 48 });

/** A user's content part in the forms the Responses API carries both ways: no audio, files as bytes with a name. */
const responsesPart: fc.Arbitrary<ContentPart> = fc.oneof(
  fc.string({ minLength: 1, maxLength: 40 }).map((text) => ({ type: 'text' as const, text })),
  fc.webUrl().map((url) => ({ type: 'image' as const, url })),
  fc.record({ type: fc.constant('image' as const), bytes, mediaType: fc.constantFrom('image/png', 'image/webp') }),
  fc.record({
    type: fc.constant('file' as const),
    bytes,
    mediaType: fc.constantFrom('application/pdf', 'text/plain'),
    name: fc.constantFrom('a.pdf', 'notes.txt'),
  }),
);

/**
 * The settings the Responses API carries: no stop sequences and no seed (it has neither: the writer
 * refuses the one and leaves out the other), and an output limit of at least 16 tokens.
 */
const responsesSettings: fc.Arbitrary<CallSettings> = settings
  .map(({ stopSequences: _stop, seed: _seed, ...rest }) =>
    rest.maxOutputTokens === undefined ? rest : { ...rest, maxOutputTokens: Math.max(rest.maxOutputTokens, 16) },
  )
  .filter((drawn) => Object.keys(drawn).length > 0);

/** What a client reads of the events a writer made: the SSE text decoded, then folded into parts. */
function readEvents(events: readonly string[], typed: boolean): ReplyPart[] {
  const decoder = new SseDecoder();
  const decoded: SseEvent[] = [];
  decoder.push(new TextEncoder().encode(events.join('')), decoded);
  decoder.end(decoded);
  const reader = new ResponseEventReader(typed);
  const out: ReplyPart[] = [];
  for (const event of decoded) reader.add(event, out);
  reader.end(out);
  return out;
}

function streamed(parts: readonly ReplyPart[]): string[] {
  const writer = new ResponseEventWriter(meta);
  return [...parts.flatMap((part) => writer.part(part)), ...writer.end()];
}

function whole(parts: readonly ReplyPart[]): WholeReply {
  const reply = folded(parts) as { text: string; value: unknown; reasoning: string[]; calls: []; units: never };
  const text = reply.value === undefined ? reply.text : JSON.stringify(reply.value);
  return { ...reply, text, finish: folded(parts).finish as WholeReply['finish'] };
}

function thrown(run: () => unknown): WireFault {
  try {
    run();
  } catch (error) {
    return error as WireFault;
  }
  throw new Error('expected a fault');
}

describe('OpenAI responses, both ways', () => {
  describe('requests', () => {
    it('reads back the call it wrote: messages, reasoning items with encrypted content, tools, typed value, settings', () => {
      fc.assert(
        fc.property(withSignedReasoning(chatRequest(responsesPart, responsesSettings), { ids: true }), (request) => {
          const body = JSON.parse(JSON.stringify(writeResponses(request))) as unknown;
          expect(readResponses(body).request).toEqual(request);
        }),
        { numRuns: 200 },
      );
    });

    it('reads a deployment named by the path over the body’s model', () => {
      const body = writeResponses({ model: 'gpt-5', messages: [{ role: 'user', content: 'Hi' }] });
      expect(readResponses(body, 'my-deployment').request.model).toBe('my-deployment');
    });

    it('reads input given as a string as one user message, and the stream flag', () => {
      expect(readResponses({ model: 'm', input: 'Hi', stream: true })).toEqual({
        request: { model: 'm', messages: [{ role: 'user', content: 'Hi' }] },
        stream: true,
      });
    });

    it('asks for reasoning.encrypted_content when the body asks for reasoning and nothing is stored', () => {
      const ask = { model: 'o4-mini', messages: [{ role: 'user' as const, content: 'Hi' }] };
      expect(writeResponses(ask, { body: { reasoning: { effort: 'low' } } })).toMatchObject({
        include: ['reasoning.encrypted_content'],
      });
      expect(writeResponses(ask, { body: { reasoning: {}, include: ['x'] } })).toMatchObject({
        include: ['x', 'reasoning.encrypted_content'],
      });
      expect(writeResponses(ask)).not.toHaveProperty('include');
      expect(writeResponses(ask, { body: { reasoning: {}, store: true } })).not.toHaveProperty('include');
    });

    it('reads a call item before its message as one assistant turn, and reasoning items without encrypted content as nothing', () => {
      const { request } = readResponses({
        model: 'm',
        input: [
          { role: 'user', content: 'Weather?' },
          { type: 'reasoning', id: 'rs_1', summary: [{ type: 'summary_text', text: 'Look it up.' }] },
          { type: 'function_call', call_id: 'c1', name: 'weather', arguments: '{"city":"Rome"}' },
          { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'Checking.' }] },
          { type: 'function_call_output', call_id: 'c1', output: 'sunny' },
        ],
      });
      expect(request.messages).toEqual([
        { role: 'user', content: 'Weather?' },
        { role: 'assistant', content: 'Checking.', calls: [{ id: 'c1', tool: 'weather', with: { city: 'Rome' } }] },
        { role: 'tool', results: [{ id: 'c1', tool: 'weather', output: 'sunny' }] },
      ]);
    });

    it('writes a tool result that failed as its error text, read back as the output (the wire has no error flag)', () => {
      const request: ReplyRequest = {
        model: 'm',
        messages: [
          { role: 'user', content: 'Hi' },
          { role: 'assistant', calls: [{ id: 'c1', tool: 't', with: {} }] },
          { role: 'tool', results: [{ id: 'c1', tool: 't', error: 'no such city' }] },
        ],
      };
      expect(readResponses(writeResponses(request)).request.messages[2]).toEqual({
        role: 'tool',
        results: [{ id: 'c1', tool: 't', output: 'no such city' }],
      });
    });

    it('refuses a field it does not know, naming it', () => {
      const fault = thrown(() => readResponses({ model: 'm', input: 'Hi', tempature: 1 }));
      expect(fault.fault).toMatchObject({ kind: 'refused', issue: { code: 'unrecognized_keys', keys: ['tempature'] } });
      expect(fault.notes.known).toContain('temperature');
    });

    it('refuses an item_reference: it names an item only a store keeps', () => {
      const fault = thrown(() =>
        readResponses({
          model: 'm',
          input: [
            { role: 'user', content: 'Hi' },
            { type: 'item_reference', id: 'msg_1' },
          ],
        }),
      );
      expect(fault.fault).toMatchObject({ kind: 'refused', issue: { path: ['input', 1] } });
    });

    it('refuses max_output_tokens below 16, as OpenAI does', () => {
      const fault = thrown(() => readResponses({ model: 'm', input: 'Hi', max_output_tokens: 8 }));
      expect(fault.fault).toMatchObject({ kind: 'refused', issue: { code: 'too_small', path: ['max_output_tokens'] } });
      expect(fault.notes.integer).toBe(true);
    });

    it('cannot honour stop sequences, nor an output limit under 16; it leaves the seed out', () => {
      const ask = (settings: CallSettings) => () =>
        writeResponses({ model: 'm', messages: [{ role: 'user', content: 'Hi' }], settings });
      expect(thrown(ask({ stopSequences: ['\n'] })).fault).toMatchObject({
        kind: 'cannot_honour',
        setting: 'stopSequences',
      });
      expect(thrown(ask({ maxOutputTokens: MIN_OUTPUT_TOKENS - 1 })).fault).toMatchObject({
        kind: 'cannot_honour',
        setting: 'maxOutputTokens',
      });
      expect(ask({ seed: 7 })()).not.toHaveProperty('seed');
    });

    it('cannot send audio, which goes to transcription, nor a file by URL', () => {
      const send = (content: ContentPart) => () =>
        writeResponses({ model: 'm', messages: [{ role: 'user', content: [content] }] });
      expect(thrown(send({ type: 'file', bytes: new Uint8Array([1]), mediaType: 'audio/wav' })).fault).toMatchObject({
        kind: 'cannot_send',
        what: 'audio',
      });
      expect(
        thrown(send({ type: 'file', url: 'https://x.test/a.pdf', mediaType: 'application/pdf' })).fault,
      ).toMatchObject({
        kind: 'cannot_send',
      });
    });

    it('writes store: false unless the extra body turns it on, and the adapter’s output limit', () => {
      const request: ReplyRequest = { model: 'm', messages: [{ role: 'user', content: 'Hi' }] };
      expect(writeResponses(request, { maxTokens: 512 })).toMatchObject({ store: false, max_output_tokens: 512 });
      expect(writeResponses(request, { body: { store: true } })).toMatchObject({ store: true });
    });
  });

  describe('streamed replies', () => {
    it('reads back the parts it wrote: reasoning with its encrypted content, text, calls, units and finish', () => {
      fc.assert(
        fc.property(signedParts(replyParts({ typed: false, reasoning: true }), { ids: true }), (parts) => {
          expect(folded(readEvents(streamed(parts), false))).toEqual(folded(parts));
        }),
        { numRuns: 200 },
      );
    });

    it('reads back a typed value it wrote as value parts', () => {
      fc.assert(
        fc.property(replyParts({ typed: true, reasoning: true }), (parts) => {
          expect(folded(readEvents(streamed(parts), true))).toEqual(folded(parts));
        }),
        { numRuns: 100 },
      );
    });

    it('numbers its events from 0, names each in its event field, and ends with the whole response', () => {
      const events = streamed([
        { type: 'text', text: 'Hi' },
        { type: 'finish', reason: 'stop' },
      ]);
      const decoded = events.map((text) => {
        const [head, data] = text.split('\n');
        return { event: head!.slice('event: '.length), data: JSON.parse(data!.slice('data: '.length)) as never };
      });
      expect(decoded.map(({ data }) => (data as { sequence_number: number }).sequence_number)).toEqual(
        decoded.map((_, i) => i),
      );
      expect(decoded.every(({ event, data }) => (data as { type: string }).type === event)).toBe(true);
      expect(decoded.at(-1)!.event).toBe('response.completed');
    });

    it('reads a refusal it wrote as a content_filter failure carrying the refusal', () => {
      const writer = new ResponseEventWriter(meta);
      const events = [...writer.stop({ kind: 'refusal', text: 'I cannot help with that.' }), ...writer.end()];
      expect(thrown(() => readEvents(events, false)).fault).toMatchObject({
        kind: 'failed',
        failure: 'content_filter',
        refusal: 'I cannot help with that.',
      });
    });

    it('reads a content filter it wrote (an incomplete response) as a content_filter failure', () => {
      const writer = new ResponseEventWriter(meta);
      const events = [...writer.stop({ kind: 'content_filter' }), ...writer.end()];
      expect(thrown(() => readEvents(events, false)).fault).toMatchObject({
        kind: 'failed',
        failure: 'content_filter',
      });
    });

    it('reads a stream that ends before its last response as malformed', () => {
      const events = streamed([
        { type: 'text', text: 'Hi' },
        { type: 'finish', reason: 'stop' },
      ]).slice(0, -1);
      expect(thrown(() => readEvents(events, false)).fault).toMatchObject({ kind: 'malformed' });
    });
  });

  describe('whole replies', () => {
    it('reads back the reply it wrote: reasoning with its encrypted content, text, calls, units and finish', () => {
      fc.assert(
        fc.property(signedParts(replyParts({ typed: false, reasoning: true }), { ids: true }), (parts) => {
          expect(folded(readResponse(writeResponse(whole(parts), meta), false))).toEqual(folded(parts));
        }),
        { numRuns: 200 },
      );
    });

    it('reads back a typed value it wrote', () => {
      fc.assert(
        fc.property(replyParts({ typed: true, reasoning: false }), (parts) => {
          expect(folded(readResponse(writeResponse(whole(parts), meta), true))).toEqual(folded(parts));
        }),
        { numRuns: 100 },
      );
    });

    it('reads a refusal and a content filter it wrote as content_filter failures', () => {
      const stopped = (stop: WholeReply['stopped']): WholeReply => ({
        text: '',
        reasoning: [],
        calls: [],
        units: { tokensIn: 0, tokensOut: 0 },
        finish: 'stop',
        stopped: stop,
      });
      expect(
        thrown(() => readResponse(writeResponse(stopped({ kind: 'refusal', text: 'No.' }), meta), false)).fault,
      ).toMatchObject({ failure: 'content_filter', refusal: 'No.' });
      expect(
        thrown(() => readResponse(writeResponse(stopped({ kind: 'content_filter' }), meta), false)).fault,
      ).toMatchObject({ failure: 'content_filter' });
    });
  });
});
