import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { anthropicErrorBody, anthropicFailures } from '../../../src/protocols/anthropic/anthropicErrors.js';
import { readMessages, writeMessages } from '../../../src/protocols/anthropic/messagesRequest.js';
import { MessageEventReader } from '../../../src/protocols/anthropic/MessageEventReader.js';
import { MessageEventWriter, writeMessage } from '../../../src/protocols/anthropic/MessageEventWriter.js';
import { failureAnswer } from '../../../src/protocols/failures.js';
import { SseDecoder, type SseEvent } from '../../../src/protocols/sse.js';
import type { Stop, WholeReply } from '../../../src/protocols/WholeReply.js';
import type { WireFault } from '../../../src/protocols/WireFault.js';
import type { CallSettings } from '../../../src/services/spec/CallSettings.js';
import type { ContentPart } from '../../../src/services/spec/ContentPart.js';
import type { FailureKind } from '../../../src/services/spec/failures.js';
import type { Message, ReplyPart, ReplyRequest } from '../../../src/services/spec/Provider.js';
import { kindRead } from '../kindRead.js';
import {
  chatRequest,
  folded,
  replyParts,
  settings,
  signedParts,
  withFailedResults,
  withSignedReasoning,
} from '../replyArbitraries.js';

const meta = { id: 'msg_1', model: 'claude-test' };
const bytes = fc.uint8Array({ minLength: 1, maxLength: 48 });
const words = fc.string({ minLength: 1, maxLength: 40 });

/** Every form a user's part takes that the Messages API carries: images by URL or bytes, PDFs, text files. */
const anthropicPart: fc.Arbitrary<ContentPart> = fc.oneof(
  words.map((text) => ({ type: 'text' as const, text })),
  fc.webUrl().map((url) => ({ type: 'image' as const, url })),
  fc.record({ type: fc.constant('image' as const), bytes, mediaType: fc.constantFrom('image/png', 'image/webp') }),
  fc.record(
    { type: fc.constant('file' as const), bytes, mediaType: fc.constant('application/pdf'), name: words },
    { requiredKeys: ['type', 'bytes', 'mediaType'] },
  ),
  fc.record({ type: fc.constant('file' as const), url: fc.webUrl(), mediaType: fc.constant('application/pdf') }),
  words.map((text) => ({ type: 'file' as const, bytes: new TextEncoder().encode(text), mediaType: 'text/plain' })),
);

/** Settings the Messages API honours: a temperature up to 1, no seed. */
const anthropicSettings: fc.Arbitrary<CallSettings> = fc
  .tuple(settings, fc.double({ min: 0, max: 1, noNaN: true }))
  .map(([drawn, temperature]) => {
    const { seed: _seed, ...rest } = drawn;
    return drawn.temperature === undefined ? rest : { ...rest, temperature };
  });

/** A request whose tool results are sometimes errors, carried as `is_error: true`, its thinking signed or redacted. */
const anthropicRequest = withSignedReasoning(withFailedResults(chatRequest(anthropicPart, anthropicSettings)), {
  redacted: true,
});

/**
 * A request as the Messages wire gives it back: user messages side by side are one turn; a turn of
 * text blocks only is a text; the typed value's name is `output`; `max_tokens` is always there.
 */
function canonical(request: ReplyRequest): ReplyRequest {
  const messages: Message[] = [];
  for (const message of request.messages) {
    const last = messages.at(-1);
    if (message.role === 'user' && last?.role === 'user')
      messages[messages.length - 1] = {
        role: 'user',
        content: [...partsOf(last.content), ...partsOf(message.content)],
      };
    else messages.push(message);
  }
  return {
    ...request,
    messages: messages.map((message): Message => {
      if (message.role !== 'user') return message;
      const parts = partsOf(message.content);
      const texts = parts.every((part) => part.type === 'text');
      return { role: 'user', content: texts ? parts.map((part) => part.text).join('') : parts };
    }),
    ...(request.output === undefined ? {} : { output: { ...request.output, name: 'output' } }),
    settings: { ...request.settings, maxOutputTokens: request.settings?.maxOutputTokens ?? 4096 },
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
  const reader = new MessageEventReader(typed);
  const out: ReplyPart[] = [];
  for (const event of decoded) reader.add(event, out);
  reader.end(out);
  return out;
}

function streamed(parts: readonly ReplyPart[], stop?: Stop): string[] {
  const writer = new MessageEventWriter(meta);
  const events = parts.flatMap((part) => writer.part(part));
  if (stop !== undefined) events.push(...writer.stop(stop));
  return [...events, ...writer.end()];
}

function faultOf(run: () => unknown): WireFault {
  try {
    run();
  } catch (error) {
    return error as WireFault;
  }
  throw new Error('expected a fault, and none was thrown');
}

const ask = (extra: Record<string, unknown>) => ({
  model: 'claude-test',
  max_tokens: 64,
  messages: [{ role: 'user', content: 'Hi' }],
  ...extra,
});

describe('Anthropic Messages, both ways', () => {
  describe('requests', () => {
    it('reads back the call it wrote: messages, signed and redacted thinking, parts, calls and results, tools, typed value, settings', () => {
      fc.assert(
        fc.property(anthropicRequest, (request) => {
          const body = JSON.parse(JSON.stringify(writeMessages(request))) as unknown;
          expect(readMessages(body)).toEqual({ request: canonical(request), stream: true });
        }),
        { numRuns: 200 },
      );
    });

    it('refuses a field it does not know, naming it', () => {
      const fault = faultOf(() => readMessages(ask({ tempature: 1 })));
      expect(fault.fault).toMatchObject({ kind: 'refused', issue: { code: 'unrecognized_keys', keys: ['tempature'] } });
    });

    it('refuses a request without max_tokens, naming the field', () => {
      const { max_tokens: _max, ...body } = ask({});
      expect(faultOf(() => readMessages(body)).fault).toMatchObject({
        kind: 'refused',
        issue: { code: 'invalid_type', path: ['max_tokens'], input: undefined },
      });
    });

    it('refuses a block type it does not read as one the wire server does not honour', () => {
      const content = [{ type: 'server_tool_use', id: 'srvtoolu_1', name: 'web_search', input: {} }];
      const fault = faultOf(() => readMessages(ask({ messages: [{ role: 'user', content }] })));
      expect(fault.fault).toMatchObject({
        kind: 'refused',
        issue: { code: 'custom', path: ['messages', 0, 'content', 0], params: { unhonoured: true } },
      });
    });

    it('refuses a temperature over 1 the call asks for, before anything is sent', () => {
      const fault = faultOf(() =>
        writeMessages({ model: 'm', messages: [{ role: 'user', content: 'Hi' }], settings: { temperature: 1.5 } }),
      );
      expect(fault.fault).toMatchObject({ kind: 'cannot_honour', setting: 'temperature' });
    });
  });

  describe('replies', () => {
    it('reads back the streamed reply it wrote: text or a typed value, signed thinking blocks, calls, usage, finish', () => {
      fc.assert(
        fc.property(fc.boolean(), fc.boolean(), (typed, reasoning) => {
          fc.assert(
            fc.property(signedParts(replyParts({ typed, reasoning }), {}), (parts) => {
              expect(folded(readEvents(streamed(parts), typed))).toEqual(folded(parts));
            }),
            { numRuns: 25 },
          );
        }),
        { numRuns: 4 },
      );
    });

    it('signs a thinking block whose part carries no signature, streamed', () => {
      const parts = readEvents(
        streamed([
          { type: 'reasoning', text: 'Hm.', block: 0 },
          { type: 'finish', reason: 'stop' },
        ]),
        false,
      );
      expect(parts.filter((part) => part.type === 'reasoning' && part.signature !== undefined)).toHaveLength(1);
    });

    it('writes a redacted block as redacted_thinking, its signature as the data, read back whole', () => {
      const redacted: ReplyPart = { type: 'reasoning', text: '', block: 0, signature: 'enc', redacted: true };
      const parts: ReplyPart[] = [redacted, { type: 'text', text: 'Hi' }, { type: 'finish', reason: 'stop' }];
      const events = streamed(parts);
      expect(events.join('')).toContain('"type":"redacted_thinking","data":"enc"');
      expect(readEvents(events, false)).toEqual(parts.slice(0, 2).concat(readEvents(events, false).slice(2)));
      const out: ReplyPart[] = [];
      new MessageEventReader(false).whole(writeMessage({ ...(folded(parts) as unknown as WholeReply) }, meta), out);
      expect(out[0]).toEqual(redacted);
    });

    it('reads back the whole message it wrote, each thinking block signed, with no citations key on its text', () => {
      fc.assert(
        fc.property(replyParts({ typed: false, reasoning: true }), (parts) => {
          const fold = folded(parts);
          const whole = { ...fold, text: fold.text, reasoning: fold.reasoning } as unknown as WholeReply;
          const text = writeMessage(whole, meta);
          expect(text).not.toContain('citations');
          const out: ReplyPart[] = [];
          new MessageEventReader(false).whole(text, out);
          const { reasoningBlocks, ...read } = folded(out) as { reasoningBlocks?: { signature?: string }[] };
          expect(read).toEqual(fold);
          expect((reasoningBlocks ?? []).every((block) => typeof block.signature === 'string')).toBe(true);
          expect(reasoningBlocks?.length ?? 0).toBe((fold.reasoning as string[]).length);
        }),
        { numRuns: 100 },
      );
    });

    it('reads a refusal it wrote, whole and streamed, as a content filter keeping the words', () => {
      const stop = { kind: 'refusal', text: "I can't help with that." } as const;
      const events = streamed([], stop);
      expect(faultOf(() => readEvents(events, false)).fault).toEqual({
        kind: 'failed',
        failure: 'content_filter',
        message: 'the model declined to answer (stop_reason: refusal).',
        refusal: stop.text,
      });
      const whole = { text: '', reasoning: [], calls: [], units: { tokensIn: 0, tokensOut: 0 }, finish: 'stop' };
      const text = writeMessage({ ...whole, stopped: stop } as WholeReply, meta);
      expect(faultOf(() => new MessageEventReader(false).whole(text, [])).fault).toMatchObject({
        failure: 'content_filter',
        refusal: stop.text,
      });
    });

    it("answers a typed value as the forced tool's call", () => {
      const writer = new MessageEventWriter(meta, { tool: 'json', id: 'toolu_1' });
      const parts: ReplyPart[] = [
        { type: 'value', json: '{"a":1}' },
        { type: 'finish', reason: 'stop' },
      ];
      const events = [...parts.flatMap((part) => writer.part(part)), ...writer.end()];
      expect(readEvents(events, false)).toEqual([
        { type: 'call', call: { id: 'toolu_1', tool: 'json', with: { a: 1 } } },
        { type: 'units', tokensIn: 0, tokensOut: 0 },
        { type: 'finish', reason: 'calls' },
      ]);
    });
  });

  describe('failures', () => {
    it('reads every failure kind the server answers back as that kind', () => {
      for (const kind of Object.keys(anthropicFailures) as Exclude<FailureKind, 'network'>[]) {
        const answer = failureAnswer(anthropicFailures, kind, 1500);
        if (answer === 'drop') throw new Error('only network drops');
        const body = anthropicErrorBody(answer.message, answer.type, 'req_1');
        expect(kindRead(anthropicFailures, answer.status, body)).toBe(kind);
      }
    });
  });
});
