import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { writeChat, readChat } from '../../../src/protocols/openai/chatRequest.js';
import { readCompletion, writeCompletion } from '../../../src/protocols/openai/chatReply.js';
import { ChatChunkReader, ChatChunkWriter } from '../../../src/protocols/openai/chatStream.js';
import { SseDecoder, type SseEvent } from '../../../src/protocols/sse.js';
import type { WireFault } from '../../../src/protocols/WireFault.js';
import type { ReplyPart } from '../../../src/services/spec/Provider.js';
import { chatRequest, folded, replyParts, withSplits } from '../replyArbitraries.js';

const meta = { id: 'chatcmpl-1', created: 1, model: 'gpt-test' };

/** What a client reads of the events a writer made: the SSE text decoded, then folded into parts. */
function readEvents(events: readonly string[], typed: boolean): ReplyPart[] {
  const decoder = new SseDecoder();
  const decoded: SseEvent[] = [];
  decoder.push(new TextEncoder().encode(events.join('')), decoded);
  decoder.end(decoded);
  const reader = new ChatChunkReader(typed);
  const out: ReplyPart[] = [];
  for (const event of decoded) reader.add(event, out);
  reader.end(out);
  return out;
}

function streamed(parts: readonly ReplyPart[], includeUsage = true): string[] {
  const writer = new ChatChunkWriter(meta, includeUsage);
  return [...parts.flatMap((part) => writer.part(part)), ...writer.end()];
}

describe('OpenAI chat completions, both ways', () => {
  describe('requests', () => {
    it('reads back the call it wrote: messages, tools, typed value, settings', () => {
      fc.assert(
        fc.property(chatRequest(), (request) => {
          const body = JSON.parse(JSON.stringify(writeChat(request))) as unknown;
          expect(readChat(body).request).toEqual(request);
        }),
        { numRuns: 200 },
      );
    });

    it('reads a deployment named by the path over the body’s model', () => {
      const body = writeChat({ model: 'gpt-4.1', messages: [{ role: 'user', content: 'Hi' }] });
      expect(readChat(body, 'my-deployment').request.model).toBe('my-deployment');
    });

    it('refuses a field it does not know, naming it', () => {
      const body = { ...writeChat({ model: 'm', messages: [{ role: 'user', content: 'Hi' }] }), tempature: 1 };
      const fault = (() => {
        try {
          readChat(body);
        } catch (error) {
          return error;
        }
      })() as WireFault;
      expect(fault.fault).toMatchObject({ kind: 'refused', issue: { code: 'unrecognized_keys', keys: ['tempature'] } });
      expect(fault.notes.known).toContain('temperature');
    });
  });

  describe('streamed replies', () => {
    it('reads back the parts it wrote: text, calls, units and finish', () => {
      fc.assert(
        fc.property(
          withSplits(replyParts({ typed: false, reasoning: false }), ['cachedIn', 'reasoningOut']),
          (parts) => {
            expect(folded(readEvents(streamed(parts), false))).toEqual(folded(parts));
          },
        ),
        { numRuns: 200 },
      );
    });

    it('reads back a typed value it wrote as value parts', () => {
      fc.assert(
        fc.property(
          withSplits(replyParts({ typed: true, reasoning: false }), ['cachedIn', 'reasoningOut']),
          (parts) => {
            expect(folded(readEvents(streamed(parts), true))).toEqual(folded(parts));
          },
        ),
        { numRuns: 100 },
      );
    });

    it('reports no units when the client asked for no usage chunk', () => {
      const parts: ReplyPart[] = [
        { type: 'text', text: 'Hi' },
        { type: 'units', tokensIn: 3, tokensOut: 1 },
        { type: 'finish', reason: 'stop' },
      ];
      expect(readEvents(streamed(parts, false), false).some((part) => part.type === 'units')).toBe(false);
    });

    it('reads a refusal it wrote as a content_filter failure carrying the refusal', () => {
      const writer = new ChatChunkWriter(meta, false);
      const events = [...writer.stop({ kind: 'refusal', text: 'I cannot help with that.' }), ...writer.end()];
      expect(() => readEvents(events, false)).toThrow(
        expect.objectContaining({
          fault: expect.objectContaining({
            kind: 'failed',
            failure: 'content_filter',
            refusal: 'I cannot help with that.',
          }),
        }),
      );
    });
  });

  describe('whole replies', () => {
    it('reads back the reply it wrote', () => {
      fc.assert(
        fc.property(
          withSplits(replyParts({ typed: false, reasoning: false }), ['cachedIn', 'reasoningOut']),
          (parts) => {
            const reply = folded(parts) as {
              text: string;
              calls: [];
              units: { tokensIn: number; tokensOut: number };
              finish: 'stop';
            };
            const text = writeCompletion({ ...reply, reasoning: [] }, meta);
            expect(folded(readCompletion(text, false))).toEqual(folded(parts));
          },
        ),
        { numRuns: 200 },
      );
    });

    it('reads a content filter it wrote as a content_filter failure', () => {
      const text = writeCompletion(
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
      expect(() => readCompletion(text, false)).toThrow(
        expect.objectContaining({ fault: expect.objectContaining({ failure: 'content_filter' }) }),
      );
    });
  });
});
