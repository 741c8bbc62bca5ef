import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NdjsonDecoder } from '../../../src/protocols/ndjson.js';
import { readOllamaChat, writeOllamaChat } from '../../../src/protocols/ollama/chatRequest.js';
import { OllamaReplyReader, readWholeAnswer } from '../../../src/protocols/ollama/replyReader.js';
import { OllamaReplyWriter, writeWholeAnswer } from '../../../src/protocols/ollama/replyWriter.js';
import type { WholeReply } from '../../../src/protocols/WholeReply.js';
import type { WireFault } from '../../../src/protocols/WireFault.js';
import type { CallSettings } from '../../../src/services/spec/CallSettings.js';
import type { ContentPart } from '../../../src/services/spec/ContentPart.js';
import type { Message, ReplyPart, ReplyRequest } from '../../../src/services/spec/Provider.js';
import { chatRequest, folded, replyParts, settings } from '../replyArbitraries.js';

const meta = { model: 'llama3.2', created: 1_700_000_000 };
const PNG = [0x89, 0x50, 0x4e, 0x47];

/** The parts Ollama's messages carry: text, and images as bytes (a PNG's, so the reader names their type back). */
const ollamaPart: fc.Arbitrary<ContentPart> = fc.oneof(
  fc.string({ minLength: 1, maxLength: 40 }).map((text) => ({ type: 'text' as const, text })),
  fc
    .uint8Array({ minLength: 0, maxLength: 40 })
    .map((rest) => ({ type: 'image' as const, bytes: new Uint8Array([...PNG, ...rest]), mediaType: 'image/png' })),
);

/** Settings Ollama carries both ways: it has no tool choice. */
const ollamaSettings: fc.Arbitrary<CallSettings> = settings.map(({ toolChoice: _choice, ...rest }) => rest);

/**
 * A request as Ollama's wire gives it back: a user's texts are one text before the images, a user message of text
 * alone is a string; the typed value's name is `response`; empty settings are no settings.
 */
function canonical(request: ReplyRequest): ReplyRequest {
  const { settings: said, ...rest } = request;
  return {
    ...rest,
    ...(said === undefined || Object.keys(said).length === 0 ? {} : { settings: said }),
    messages: request.messages.map((message): Message => {
      if (message.role !== 'user' || typeof message.content === 'string') return message;
      const text = message.content.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('');
      const images = message.content.filter((part) => part.type !== 'text');
      if (images.length === 0) return { role: 'user', content: text };
      return { role: 'user', content: text === '' ? images : [{ type: 'text', text }, ...images] };
    }),
    ...(request.output === undefined ? {} : { output: { ...request.output, name: 'response' } }),
  };
}

/** What a client reads of the lines a writer made: the NDJSON decoded, then read into parts. */
function readLines(lines: readonly string[], typed: boolean): ReplyPart[] {
  const decoder = new NdjsonDecoder();
  const decoded: string[] = [];
  decoder.push(new TextEncoder().encode(lines.join('')), decoded);
  decoder.end(decoded);
  const reader = new OllamaReplyReader('chat', typed);
  const out: ReplyPart[] = [];
  for (const line of decoded) reader.add(line, out);
  reader.end(out);
  return out;
}

function streamed(parts: readonly ReplyPart[]): string[] {
  const writer = new OllamaReplyWriter('chat', meta);
  return [...parts.flatMap((part) => writer.part(part)), ...writer.end()];
}

/** Parts folded as a reader's caller folds them, reasoning as one block: Ollama numbers no thinking. */
function foldedAsOllama(parts: readonly ReplyPart[]): Record<string, unknown> {
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

const wire = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

describe('Ollama /api/chat, both ways', () => {
  describe('requests', () => {
    it('reads back the call it wrote: messages, images, calls and results by id, tools, format, options', () => {
      fc.assert(
        fc.property(chatRequest(ollamaPart, ollamaSettings), fc.boolean(), (request, stream) => {
          expect(readOllamaChat(wire(writeOllamaChat(request, stream)))).toEqual({
            request: canonical(request),
            stream,
          });
        }),
        { numRuns: 200 },
      );
    });

    it('streams when the request leaves stream out', () => {
      expect(readOllamaChat({ model: 'm', messages: [{ role: 'user', content: 'Hi' }] }).stream).toBe(true);
    });

    it("writes a call's input as an arguments object and a result as a tool message naming its tool", () => {
      const body = writeOllamaChat(
        {
          model: 'm',
          messages: [
            { role: 'user', content: 'Weather?' },
            { role: 'assistant', calls: [{ id: 'c1', tool: 'weather', with: { city: 'Oslo' } }] },
            { role: 'tool', results: [{ id: 'c1', tool: 'weather', output: { sky: 'grey' } }] },
          ],
        },
        true,
      );
      expect(body.messages?.slice(1)).toEqual([
        {
          role: 'assistant',
          content: '',
          tool_calls: [{ id: 'c1', function: { index: 0, name: 'weather', arguments: { city: 'Oslo' } } }],
        },
        { role: 'tool', content: '{"sky":"grey"}', tool_name: 'weather', tool_call_id: 'c1' },
      ]);
    });

    it('answers a tool message that names only its tool to the open call of that tool, as the official client sends', () => {
      const { request } = readOllamaChat({
        model: 'm',
        messages: [
          { role: 'user', content: 'Weather?' },
          {
            role: 'assistant',
            content: '',
            tool_calls: [{ function: { name: 'weather', arguments: { city: 'Oslo' } } }],
          },
          { role: 'tool', content: 'sunny', tool_name: 'weather' },
        ],
      });
      expect(request.messages.slice(1)).toEqual([
        { role: 'assistant', calls: [{ id: 'call_0', tool: 'weather', with: { city: 'Oslo' } }] },
        { role: 'tool', results: [{ id: 'call_0', tool: 'weather', output: 'sunny' }] },
      ]);
    });

    it('reads format "json" as a typed value of any JSON, and refuses another word', () => {
      const ask = (format: unknown) => readOllamaChat({ model: 'm', messages: [], format }).request.output;
      expect(ask('json')).toEqual({ name: 'response', schema: {} });
      expect(faultOf(() => ask('yaml')).fault).toMatchObject({ kind: 'refused', issue: { path: ['format'] } });
    });

    it('passes over fields it does not know, as Ollama does', () => {
      const { request } = readOllamaChat({
        model: 'm',
        messages: [{ role: 'user', content: 'Hi' }],
        max_output_tokens: 9,
      });
      expect(request).toEqual({ model: 'm', messages: [{ role: 'user', content: 'Hi' }] });
    });

    it('refuses a message of a role it does not know, and a body without a model', () => {
      expect(
        faultOf(() => readOllamaChat({ model: 'm', messages: [{ role: 'robot', content: 'x' }] })).fault,
      ).toMatchObject({
        kind: 'refused',
        issue: { path: ['messages', 0, 'role'] },
      });
      expect(faultOf(() => readOllamaChat({ messages: [] })).fault).toMatchObject({ issue: { path: ['model'] } });
    });

    it('cannot honour a required or named tool choice, and sends no tools for none', () => {
      const request = (toolChoice: CallSettings['toolChoice']): ReplyRequest => ({
        model: 'm',
        messages: [{ role: 'user', content: 'x' }],
        tools: [{ name: 't', input: { type: 'object' } }],
        settings: { toolChoice },
      });
      expect(faultOf(() => writeOllamaChat(request('required'), true)).fault).toMatchObject({
        kind: 'cannot_honour',
        setting: 'toolChoice',
      });
      expect(faultOf(() => writeOllamaChat(request({ tool: 't' }), true)).fault.kind).toBe('cannot_honour');
      expect(writeOllamaChat(request('none'), true).tools).toBeUndefined();
    });

    it('cannot send an image by URL, a file, or a call input that is no object', () => {
      const user = (content: ContentPart[]): ReplyRequest => ({ model: 'm', messages: [{ role: 'user', content }] });
      expect(
        faultOf(() => writeOllamaChat(user([{ type: 'image', url: 'https://x.test/a.png' }]), true)).fault,
      ).toMatchObject({ kind: 'cannot_send', where: 'request.messages[0].content[0]' });
      expect(
        faultOf(() =>
          writeOllamaChat(user([{ type: 'file', bytes: new Uint8Array([1]), mediaType: 'application/pdf' }]), true),
        ).fault.kind,
      ).toBe('cannot_send');
      const call: ReplyRequest = {
        model: 'm',
        messages: [
          { role: 'user', content: 'x' },
          { role: 'assistant', calls: [{ id: 'c', tool: 't', with: [1, 2] }] },
        ],
      };
      expect(faultOf(() => writeOllamaChat(call, true)).fault).toMatchObject({
        kind: 'cannot_send',
        where: 'request.messages[1].calls[0].with',
      });
    });
  });

  describe('streamed replies', () => {
    it('reads back the parts it wrote: thinking, text, calls, units and finish', () => {
      fc.assert(
        fc.property(replyParts({ typed: false, reasoning: true }), (parts) => {
          expect(folded(readLines(streamed(parts), false))).toEqual(foldedAsOllama(parts));
        }),
        { numRuns: 200 },
      );
    });

    it('reads back a typed value it wrote as value parts', () => {
      fc.assert(
        fc.property(replyParts({ typed: true, reasoning: false }), (parts) => {
          expect(folded(readLines(streamed(parts), true))).toEqual(folded(parts));
        }),
        { numRuns: 100 },
      );
    });

    it('writes each tool call whole, in a line of its own, its arguments an object', () => {
      const writer = new OllamaReplyWriter('chat', meta);
      const [line] = writer.part({ type: 'call', call: { id: 'c', tool: 'weather', with: { city: 'Paris' } } });
      expect(JSON.parse(line!)).toMatchObject({
        done: false,
        message: { tool_calls: [{ id: 'c', function: { name: 'weather', arguments: { city: 'Paris' } } }] },
      });
    });

    it('ends with a line of done: true, its done_reason and its counts', () => {
      const lines = streamed([
        { type: 'text', text: 'Once' },
        { type: 'units', tokensIn: 7, tokensOut: 3 },
        { type: 'finish', reason: 'length' },
      ]);
      expect(JSON.parse(lines.at(-1)!)).toMatchObject({
        done: true,
        done_reason: 'length',
        prompt_eval_count: 7,
        eval_count: 3,
      });
    });

    it('reads a refusal it wrote as the refusal words, the reply ended', () => {
      const writer = new OllamaReplyWriter('chat', meta);
      const lines = [...writer.stop({ kind: 'refusal', text: 'I cannot help.' }), ...writer.end()];
      expect(folded(readLines(lines, false))).toMatchObject({ text: 'I cannot help.', finish: 'stop' });
    });

    it('is malformed when the answer ends before done: true, or a line is not JSON', () => {
      const reader = new OllamaReplyReader('chat', false);
      reader.add('{"message":{"role":"assistant","content":"Hi"},"done":false}', []);
      expect(faultOf(() => reader.end([])).fault).toMatchObject({ kind: 'malformed' });
      expect(faultOf(() => new OllamaReplyReader('chat', false).add('{"mess', [])).fault.kind).toBe('malformed');
    });

    it('reads an error line as the failure it reports', () => {
      const fault = faultOf(() => new OllamaReplyReader('chat', false).add('{"error":"model runner stopped"}', []));
      expect(fault.fault).toMatchObject({ kind: 'reported', body: { error: 'model runner stopped' } });
    });
  });

  describe('whole replies', () => {
    const whole = fc.record({
      text: fc.string({ maxLength: 40 }),
      reasoning: fc.array(fc.string({ minLength: 1, maxLength: 20 }), { maxLength: 1 }),
      calls: fc.array(
        fc.record({
          id: fc.stringMatching(/^call_[a-z0-9]{1,6}$/),
          tool: fc.stringMatching(/^[a-z]{1,8}$/),
          with: fc.dictionary(fc.stringMatching(/^[a-z]{1,4}$/), fc.integer(), { maxKeys: 2 }),
        }),
        { maxLength: 2 },
      ),
      units: fc.record({ tokensIn: fc.nat(1000), tokensOut: fc.nat(1000) }),
      cut: fc.boolean(),
    });

    it('reads back the reply it wrote as one JSON body (stream: false)', () => {
      fc.assert(
        fc.property(whole, ({ cut, ...drawn }) => {
          const finish = drawn.calls.length > 0 ? 'calls' : cut ? 'length' : 'stop';
          const reply: WholeReply = { ...drawn, finish };
          const read = folded(readWholeAnswer(writeWholeAnswer(reply, 'chat', meta), 'chat', false));
          expect(read).toEqual({ ...drawn, value: undefined, finish });
        }),
        { numRuns: 100 },
      );
    });
  });
});
