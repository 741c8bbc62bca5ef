import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { failureAnswer, failureKindOf } from '../../../src/protocols/failures.js';
import { geminiFailures } from '../../../src/protocols/gemini/geminiFailures.js';
import { readGenerate, writeGenerate } from '../../../src/protocols/gemini/generateRequest.js';
import { GenerateChunkReader, readGenerateResponse } from '../../../src/protocols/gemini/generateReader.js';
import { GenerateChunkWriter, writeGenerateResponse } from '../../../src/protocols/gemini/generateWriter.js';
import { SseDecoder, type SseEvent } from '../../../src/protocols/sse.js';
import type { WholeReply } from '../../../src/protocols/WholeReply.js';
import type { WireFault } from '../../../src/protocols/WireFault.js';
import type { FailureKind } from '../../../src/services/spec/failures.js';
import type { ContentPart } from '../../../src/services/spec/ContentPart.js';
import type { Message, ReplyPart, ReplyRequest } from '../../../src/services/spec/Provider.js';
import { chatRequest, folded, replyParts, withFailedResults, withSignedReasoning } from '../replyArbitraries.js';

const meta = { id: 'resp_1', model: 'gemini-test' };
const bytes = fc.uint8Array({ minLength: 1, maxLength: 48 });
const url = fc.webUrl();

/** Every form a user's part takes, as Gemini carries each: bytes of any type inline, any URL as a file. */
const geminiPart: fc.Arbitrary<ContentPart> = fc.oneof(
  fc.string({ minLength: 1, maxLength: 40 }).map((text) => ({ type: 'text' as const, text })),
  url.map((at) => ({ type: 'image' as const, url: at })),
  fc.record({ type: fc.constant('image' as const), url, mediaType: fc.constantFrom('image/png', 'image/webp') }),
  fc.record({ type: fc.constant('image' as const), bytes, mediaType: fc.constantFrom('image/png', 'image/jpeg') }),
  fc.record({
    type: fc.constant('file' as const),
    bytes,
    mediaType: fc.constantFrom('audio/wav', 'application/pdf', 'video/mp4', 'text/plain'),
  }),
  fc.record({ type: fc.constant('file' as const), url, mediaType: fc.constantFrom('application/pdf', 'audio/mpeg') }),
);

/** A request whose tool results are sometimes errors: Gemini carries a result's error as `response.error`. */
const geminiRequest = withSignedReasoning(withFailedResults(chatRequest(geminiPart)), { calls: true });

/**
 * A request as Gemini's wire gives it back: user messages side by side are one turn; a turn of
 * one text part is a text; a file's name has no place; the typed value's name is `response`; empty
 * settings are no settings.
 */
function canonical(request: ReplyRequest): ReplyRequest {
  const messages: Message[] = [];
  for (const message of request.messages) {
    const last = messages.at(-1);
    if (message.role === 'user' && last?.role === 'user') {
      messages[messages.length - 1] = {
        role: 'user',
        content: [...partsOf(last.content), ...partsOf(message.content)],
      };
    } else messages.push(message);
  }
  const { settings, ...rest } = request;
  return {
    ...rest,
    ...(settings === undefined || Object.keys(settings).length === 0 ? {} : { settings }),
    messages: messages.map((message): Message => {
      if (message.role !== 'user') return message;
      const parts = partsOf(message.content).map((part) => {
        if (part.type !== 'file') return part;
        const { name: _name, ...rest } = part;
        return rest;
      });
      return { role: 'user', content: parts.length === 1 && parts[0]!.type === 'text' ? parts[0]!.text : parts };
    }),
    ...(request.output === undefined ? {} : { output: { ...request.output, name: 'response' } }),
  };
}

function partsOf(content: string | readonly ContentPart[]): ContentPart[] {
  return typeof content === 'string' ? [{ type: 'text', text: content }] : [...content];
}

/** What a client reads of the events a writer made: the SSE text decoded, then read into parts. */
function readEvents(events: readonly string[], typed: boolean): ReplyPart[] {
  const decoder = new SseDecoder();
  const decoded: SseEvent[] = [];
  decoder.push(new TextEncoder().encode(events.join('')), decoded);
  decoder.end(decoded);
  const reader = new GenerateChunkReader(typed);
  const out: ReplyPart[] = [];
  for (const event of decoded) reader.add(event, out);
  reader.end(out);
  return out;
}

function streamed(parts: readonly ReplyPart[]): string[] {
  const writer = new GenerateChunkWriter(meta);
  return [...parts.flatMap((part) => writer.part(part)), ...writer.end()];
}

/** Parts folded as a reader's caller folds them, reasoning as one block: Gemini numbers no thoughts. */
function foldedAsGemini(parts: readonly ReplyPart[]): Record<string, unknown> {
  const fold = folded(parts);
  const reasoning = (fold.reasoning as string[]).join('');
  return { ...fold, reasoning: reasoning === '' ? [] : [reasoning] };
}

function faultOf(run: () => unknown): WireFault {
  try {
    run();
  } catch (error) {
    return error as WireFault;
  }
  throw new Error('expected a fault, and none was thrown');
}

describe('Gemini generateContent, both ways', () => {
  describe('requests', () => {
    it('reads back the call it wrote: messages, signed thoughts, parts, signed calls and results by id, tools, typed value, settings', () => {
      fc.assert(
        fc.property(geminiRequest, (request) => {
          const body = JSON.parse(JSON.stringify(writeGenerate(request))) as unknown;
          expect(readGenerate(body, request.model)).toEqual(canonical(request));
        }),
        { numRuns: 200 },
      );
    });

    it('reads a call written with empty settings as one with none', () => {
      const request: ReplyRequest = { model: 'm', messages: [{ role: 'user', content: 'Hi' }], settings: {} };
      expect(readGenerate(JSON.parse(JSON.stringify(writeGenerate(request))), 'm')).toEqual(canonical(request));
    });

    it("keeps a functionCall's id on the call and on the functionResponse that answers it", () => {
      const body = writeGenerate({
        model: 'm',
        messages: [
          { role: 'user', content: 'Weather?' },
          { role: 'assistant', calls: [{ id: 'fc_7', tool: 'weather', with: { city: 'Oslo' } }] },
          { role: 'tool', results: [{ id: 'fc_7', tool: 'weather', output: { sky: 'grey' } }] },
        ],
      });
      expect(body.contents.map((content) => content.parts)).toEqual([
        [{ text: 'Weather?' }],
        [
          {
            functionCall: { id: 'fc_7', name: 'weather', args: { city: 'Oslo' } },
            thoughtSignature: 'skip_thought_signature_validator',
          },
        ],
        [{ functionResponse: { id: 'fc_7', name: 'weather', response: { output: { sky: 'grey' } } } }],
      ]);
    });

    it('answers results to their calls by id before name, and keeps signed thoughts and call signatures', () => {
      const request = readGenerate(
        {
          contents: [
            { parts: [{ text: 'Two cities?' }] },
            {
              role: 'model',
              parts: [
                { text: 'Checking both.', thought: true, thoughtSignature: 'c2ln' },
                { functionCall: { id: 'a', name: 'weather', args: { city: 'Oslo' } }, thoughtSignature: 'c2ln' },
                { functionCall: { id: 'b', name: 'weather', args: { city: 'Rome' } } },
              ],
            },
            {
              role: 'user',
              parts: [
                { functionResponse: { id: 'b', name: 'weather', response: { output: 'sun' } } },
                { functionResponse: { name: 'weather', response: { name: 'weather', content: '{"sky":"rain"}' } } },
              ],
            },
          ],
        },
        'm',
      );
      expect(request.messages.slice(1)).toEqual([
        {
          role: 'assistant',
          reasoning: [{ text: 'Checking both.', signature: 'c2ln' }],
          calls: [
            { id: 'a', tool: 'weather', with: { city: 'Oslo' }, signature: 'c2ln' },
            { id: 'b', tool: 'weather', with: { city: 'Rome' } },
          ],
        },
        {
          role: 'tool',
          results: [
            { id: 'b', tool: 'weather', output: 'sun' },
            { id: 'a', tool: 'weather', output: { sky: 'rain' } },
          ],
        },
      ]);
    });

    it('refuses a field it does not know, naming it and the fields it knows', () => {
      const fault = faultOf(() => readGenerate({ contents: [{ parts: [{ text: 'Hi' }] }], tempature: 1 }, 'm'));
      expect(fault.fault).toMatchObject({ kind: 'refused', issue: { code: 'unrecognized_keys', keys: ['tempature'] } });
      expect(fault.notes.known).toContain('generationConfig');
    });

    it("refuses a setting out of Gemini's range in Gemini's words", () => {
      const ask = (generationConfig: unknown) => () =>
        readGenerate({ contents: [{ parts: [{ text: 'Hi' }] }], generationConfig }, 'm');
      expect(faultOf(ask({ temperature: 99 })).fault).toMatchObject({
        issue: { path: ['generationConfig', 'temperature'], message: 'temperature must be in the range [0.0, 2.0]' },
      });
      expect(faultOf(ask({ maxOutputTokens: -5 })).fault).toMatchObject({
        issue: { path: ['generationConfig', 'maxOutputTokens'], message: 'max_output_tokens must be positive.' },
      });
      expect(faultOf(ask({ stopSequences: ['a', 'b', 'c', 'd', 'e', 'f'] })).fault).toMatchObject({
        issue: { message: 'the number of stop_sequences must not exceed 5' },
      });
    });

    it('refuses a part that holds no data, or two', () => {
      const ask = (part: unknown) => () => readGenerate({ contents: [{ parts: [part] }] }, 'm');
      expect(faultOf(ask({ thought: true })).fault).toMatchObject({
        issue: { path: ['contents', 0, 'parts', 0, 'data'] },
      });
      expect(faultOf(ask({ text: 'a', inlineData: { mimeType: 'image/png', data: 'AA==' } })).message).toContain(
        "Cannot set 'inlineData'",
      );
    });

    it('writes a call input that is no object as a cannot_send fault, naming where it is', () => {
      const fault = faultOf(() =>
        writeGenerate({
          model: 'm',
          messages: [
            { role: 'user', content: 'x' },
            { role: 'assistant', calls: [{ id: 'c', tool: 't', with: [1, 2] }] },
          ],
        }),
      );
      expect(fault.fault).toMatchObject({ kind: 'cannot_send', where: 'request.messages[1].calls[0].with' });
    });
  });

  describe('streamed replies', () => {
    it('reads back the parts it wrote: thoughts, text, calls, units and finish', () => {
      fc.assert(
        fc.property(replyParts({ typed: false, reasoning: true }), (parts) => {
          expect(folded(readEvents(streamed(parts), false))).toEqual(foldedAsGemini(parts));
        }),
        { numRuns: 200 },
      );
    });

    it('reads back a typed value it wrote as value parts', () => {
      fc.assert(
        fc.property(replyParts({ typed: true, reasoning: false }), (parts) => {
          expect(folded(readEvents(streamed(parts), true))).toEqual(folded(parts));
        }),
        { numRuns: 100 },
      );
    });

    it('reads a stop it wrote as a content_filter failure: a blocked prompt first, a SAFETY finish later', () => {
      const blocked = new GenerateChunkWriter(meta);
      expect(() => readEvents(blocked.stop({ kind: 'content_filter' }), false)).toThrow(
        expect.objectContaining({ fault: expect.objectContaining({ kind: 'failed', failure: 'content_filter' }) }),
      );
      const late = new GenerateChunkWriter(meta);
      // Gemini has no refusal of its own: a refusal's words are not carried, only that the reply stopped.
      const events = [...late.part({ type: 'text', text: 'Well' }), ...late.stop({ kind: 'refusal', text: 'No.' })];
      expect(faultOf(() => readEvents(events, false)).message).toContain('finishReason: SAFETY');
      expect(late.end()).toEqual([]);
    });
  });

  describe('whole replies', () => {
    it('reads back the reply it wrote', () => {
      fc.assert(
        fc.property(replyParts({ typed: false, reasoning: true }), (parts) => {
          const fold = folded(parts);
          const reply = { ...fold, reasoning: fold.reasoning } as unknown as WholeReply;
          expect(folded(readGenerateResponse(writeGenerateResponse(reply, meta), false))).toEqual(
            foldedAsGemini(parts),
          );
        }),
        { numRuns: 200 },
      );
    });

    it('reads a stopped reply it wrote as a blocked prompt', () => {
      const text = writeGenerateResponse(
        {
          text: '',
          reasoning: [],
          calls: [],
          units: { tokensIn: 0, tokensOut: 0 },
          finish: 'stop',
          stopped: { kind: 'content_filter' },
        },
        meta,
      );
      expect(faultOf(() => readGenerateResponse(text, false)).message).toContain('blockReason: SAFETY');
    });
  });

  describe('failures', () => {
    it('reads every failure kind the server answers back as that kind', () => {
      for (const kind of Object.keys(geminiFailures) as Exclude<FailureKind, 'network'>[]) {
        const answer = failureAnswer(geminiFailures, kind, 1500);
        if (answer === 'drop') throw new Error('only network drops');
        expect(failureKindOf(geminiFailures, answer)).toBe(kind);
      }
    });
  });
});
