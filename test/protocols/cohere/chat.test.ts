import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readCohereChat, writeCohereChat } from '../../../src/protocols/cohere/chatRequest.js';
import { readChatResponse, writeChatResponse } from '../../../src/protocols/cohere/chatReply.js';
import { ChatEventReader, ChatEventWriter } from '../../../src/protocols/cohere/chatStream.js';
import { SseDecoder, type SseEvent } from '../../../src/protocols/sse.js';
import type { WholeReply } from '../../../src/protocols/WholeReply.js';
import type { WireFault } from '../../../src/protocols/WireFault.js';
import type { CallSettings } from '../../../src/services/spec/CallSettings.js';
import type { ContentPart } from '../../../src/services/spec/ContentPart.js';
import type { ReplyPart, ReplyRequest, ToolCall } from '../../../src/services/spec/Provider.js';
import { chatRequest, folded, replyParts, settings } from '../replyArbitraries.js';

const bytes = fc.uint8Array({ minLength: 1, maxLength: 48 });

/** Every form a user's part takes that Cohere's messages carry: text, and images by URL or inline. */
const coherePart: fc.Arbitrary<ContentPart> = fc.oneof(
  fc.string({ minLength: 1, maxLength: 40 }).map((text) => ({ type: 'text' as const, text })),
  fc.webUrl().map((url) => ({ type: 'image' as const, url })),
  fc.record({ type: fc.constant('image' as const), bytes, mediaType: fc.constantFrom('image/png', 'image/jpeg') }),
);

/** Settings whose tool choice Cohere's wire names both ways: none, or required. */
const cohereSettings: fc.Arbitrary<CallSettings> = settings.map(({ toolChoice, ...rest }) =>
  toolChoice === 'none' || toolChoice === 'required' ? { ...rest, toolChoice } : rest,
);

/**
 * A request as Cohere's wire gives it back: the typed value's name is `response`; empty settings are none; a call
 * required of one tool offered is that tool's (Cohere's wire names no tool to call, so the two read alike).
 */
function canonical(request: ReplyRequest): ReplyRequest {
  const { settings: drawn, ...rest } = request;
  const only = request.tools?.length === 1 ? request.tools[0]!.name : undefined;
  const given =
    drawn?.toolChoice === 'required' && only !== undefined ? { ...drawn, toolChoice: { tool: only } } : drawn;
  return {
    ...rest,
    ...(given === undefined || Object.keys(given).length === 0 ? {} : { settings: given }),
    ...(request.output === undefined ? {} : { output: { ...request.output, name: 'response' } }),
  };
}

/** What a client reads of the events a writer made: the SSE text decoded, then read into parts. */
function readEvents(events: readonly string[], typed: boolean): ReplyPart[] {
  const decoder = new SseDecoder();
  const decoded: SseEvent[] = [];
  decoder.push(new TextEncoder().encode(events.join('')), decoded);
  decoder.end(decoded);
  const reader = new ChatEventReader(typed);
  const out: ReplyPart[] = [];
  for (const event of decoded) reader.add(event, out);
  reader.end(out);
  return out;
}

function streamed(parts: readonly ReplyPart[]): string[] {
  const writer = new ChatEventWriter('msg_1');
  return [...parts.flatMap((part) => writer.part(part)), ...writer.end()];
}

/** The whole answer the parts make. */
function wholeOf(parts: readonly ReplyPart[]): WholeReply {
  const fold = folded(parts) as { text: string; value: unknown; reasoning: string[]; calls: ToolCall[] };
  const units = fold as unknown as { units: WholeReply['units']; finish: WholeReply['finish'] };
  const text = fold.value === undefined ? fold.text : JSON.stringify(fold.value);
  return { text, reasoning: fold.reasoning, calls: fold.calls, units: units.units, finish: units.finish };
}

function faultOf(run: () => unknown): WireFault {
  try {
    run();
  } catch (error) {
    return error as WireFault;
  }
  throw new Error('expected a fault, and none was thrown');
}

const ask = (body: Record<string, unknown>) => () =>
  readCohereChat({ model: 'command-test', messages: [{ role: 'user', content: 'Hi' }], ...body });

describe('Cohere /v2/chat, both ways', () => {
  describe('requests', () => {
    it('reads back the call it wrote: messages, images, calls and results by id, tools, typed value, settings', () => {
      fc.assert(
        fc.property(chatRequest(coherePart, cohereSettings), (request) => {
          const read = readCohereChat(JSON.parse(JSON.stringify(writeCohereChat(request))) as unknown);
          expect(read).toEqual({ request: canonical(request), stream: true });
        }),
        { numRuns: 200 },
      );
    });

    it('writes the choice of one tool as that tool alone, required, and reads it back as that tool', () => {
      const request: ReplyRequest = {
        model: 'm',
        messages: [{ role: 'user', content: 'Weather?' }],
        tools: [
          { name: 'weather', input: { type: 'object' } },
          { name: 'time', input: { type: 'object' } },
        ],
        settings: { toolChoice: { tool: 'weather' } },
      };
      const body = writeCohereChat(request);
      expect(body).toMatchObject({ tool_choice: 'REQUIRED', tools: [{ function: { name: 'weather' } }] });
      expect(body.tools).toHaveLength(1);
      expect(readCohereChat(body).request.settings).toEqual({ toolChoice: { tool: 'weather' } });
    });

    it("reads a tool call's arguments of null, and a tool's document content, as clients send them", () => {
      const { request } = readCohereChat({
        model: 'm',
        messages: [
          { role: 'user', content: 'Time?' },
          {
            role: 'assistant',
            tool_plan: 'I will look.',
            tool_calls: [{ id: 't1', type: 'function', function: { name: 'time', arguments: 'null' } }],
          },
          { role: 'tool', tool_call_id: 't1', content: [{ type: 'document', document: { data: '{"hour":9}' } }] },
        ],
      });
      expect(request.messages.slice(1)).toEqual([
        { role: 'assistant', calls: [{ id: 't1', tool: 'time', with: {} }] },
        { role: 'tool', results: [{ id: 't1', tool: 'time', output: { hour: 9 } }] },
      ]);
    });

    it('refuses a field it does not know, naming it and the fields it knows', () => {
      const fault = faultOf(ask({ tempature: 1 }));
      expect(fault.fault).toMatchObject({ kind: 'refused', issue: { code: 'unrecognized_keys', keys: ['tempature'] } });
      expect(fault.notes.known).toContain('temperature');
    });

    it('refuses arguments that are not JSON text, naming the call', () => {
      const fault = faultOf(
        ask({
          messages: [
            { role: 'user', content: 'x' },
            { role: 'assistant', tool_calls: [{ id: 'c', type: 'function', function: { name: 't', arguments: '{' } }] },
          ],
        }),
      );
      expect(fault.fault).toMatchObject({ issue: { path: ['messages', 1, 'tool_calls', 0, 'function', 'arguments'] } });
    });

    it('refuses documents to ground a reply in, as a field it cannot honour', () => {
      expect(faultOf(ask({ documents: [{ data: { text: 'x' } }] })).fault).toMatchObject({
        issue: { path: ['documents'], params: { unhonoured: true } },
      });
    });

    it('writes a file as a cannot_send fault, naming where it is', () => {
      const fault = faultOf(() =>
        writeCohereChat({
          model: 'm',
          messages: [
            { role: 'user', content: [{ type: 'file', bytes: new Uint8Array([1]), mediaType: 'application/pdf' }] },
          ],
        }),
      );
      expect(fault.fault).toMatchObject({ kind: 'cannot_send', where: 'request.messages[0].content[0]' });
    });

    it('writes more than 5 stop sequences as a cannot_honour fault', () => {
      const fault = faultOf(() =>
        writeCohereChat({
          model: 'm',
          messages: [{ role: 'user', content: 'x' }],
          settings: { stopSequences: ['a', 'b', 'c', 'd', 'e', 'f'] },
        }),
      );
      expect(fault.fault).toMatchObject({ kind: 'cannot_honour', setting: 'stopSequences' });
    });
  });

  describe('streamed replies', () => {
    it('reads back the parts it wrote: thinking, text, calls, units and finish', () => {
      fc.assert(
        fc.property(replyParts({ typed: false, reasoning: true }), (parts) => {
          expect(folded(readEvents(streamed(parts), false))).toEqual(folded(parts));
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

    it('reads a content filter it wrote as a content_filter failure, and a refusal as its words', () => {
      const blocked = new ChatEventWriter('msg_1');
      const events = [...blocked.part({ type: 'text', text: 'Well' }), ...blocked.stop({ kind: 'content_filter' })];
      expect(faultOf(() => readEvents([...events, ...blocked.end()], false)).fault).toMatchObject({
        kind: 'failed',
        failure: 'content_filter',
      });
      const refused = new ChatEventWriter('msg_2');
      const said = [...refused.stop({ kind: 'refusal', text: 'I cannot help.' }), ...refused.end()];
      expect(folded(readEvents(said, false))).toMatchObject({ text: 'I cannot help.', finish: 'stop' });
    });

    it('reads the tool plan as reasoning and a TIMEOUT finish as a timeout', () => {
      const plan = 'data: {"type":"tool-plan-delta","delta":{"message":{"tool_plan":"I will look."}}}\n\n';
      const end = (reason: string) => `data: {"type":"message-end","delta":{"finish_reason":"${reason}"}}\n\n`;
      expect(readEvents([plan, end('COMPLETE')], false)).toEqual([
        { type: 'reasoning', text: 'I will look.', block: 0 },
        { type: 'finish', reason: 'stop' },
      ]);
      expect(faultOf(() => readEvents([end('TIMEOUT')], false)).fault).toMatchObject({ failure: 'timeout' });
    });

    it('reads a stream without message-end as malformed', () => {
      const writer = new ChatEventWriter('msg_1');
      expect(faultOf(() => readEvents(writer.part({ type: 'text', text: 'Hel' }), false)).fault).toMatchObject({
        kind: 'malformed',
      });
    });
  });

  describe('whole replies', () => {
    it('reads back the reply it wrote: thinking, text, calls, units and finish', () => {
      fc.assert(
        fc.property(replyParts({ typed: false, reasoning: true }), (parts) => {
          expect(folded(readChatResponse(writeChatResponse(wholeOf(parts), 'msg_1'), false))).toEqual(folded(parts));
        }),
        { numRuns: 200 },
      );
    });

    it('reads back a typed value it wrote as value parts', () => {
      fc.assert(
        fc.property(replyParts({ typed: true, reasoning: false }), (parts) => {
          expect(folded(readChatResponse(writeChatResponse(wholeOf(parts), 'msg_1'), true))).toEqual(folded(parts));
        }),
        { numRuns: 100 },
      );
    });

    it('writes a stopped reply as an ERROR finish with no content, which reads as a failure', () => {
      const stopped: WholeReply = {
        text: '',
        reasoning: [],
        calls: [],
        units: { tokensIn: 3, tokensOut: 0 },
        finish: 'stop',
        stopped: { kind: 'content_filter' },
      };
      const text = writeChatResponse(stopped, 'msg_1');
      expect(JSON.parse(text)).toMatchObject({ finish_reason: 'ERROR', message: { content: [] } });
      expect(faultOf(() => readChatResponse(text, false)).fault).toMatchObject({ kind: 'failed' });
    });
  });
});
