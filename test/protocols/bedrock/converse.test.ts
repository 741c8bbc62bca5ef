import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bedrockFailures } from '../../../src/protocols/bedrock/bedrockFailures.js';
import { streamExceptions } from '../../../src/protocols/bedrock/bedrockErrors.js';
import { ConverseEventReader } from '../../../src/protocols/bedrock/ConverseEventReader.js';
import { ConverseEventWriter } from '../../../src/protocols/bedrock/ConverseEventWriter.js';
import { readConverse, writeConverse } from '../../../src/protocols/bedrock/converseRequest.js';
import { readConverseAnswer, writeConverseAnswer } from '../../../src/protocols/bedrock/converseReply.js';
import { decodeMessage, type EventMessage } from '../../../src/protocols/eventStream/eventMessage.js';
import { EventStreamDecoder } from '../../../src/protocols/eventStream/EventStreamDecoder.js';
import { failureAnswer, failureKindOf } from '../../../src/protocols/failures.js';
import type { WholeReply } from '../../../src/protocols/WholeReply.js';
import type { WireFault } from '../../../src/protocols/WireFault.js';
import type { ContentPart } from '../../../src/services/spec/ContentPart.js';
import type { FailureKind } from '../../../src/services/spec/failures.js';
import type { Message, ReplyPart, ReplyRequest } from '../../../src/services/spec/Provider.js';
import { chatRequest, folded, replyParts, withSplits } from '../replyArbitraries.js';

const bytes = fc.uint8Array({ minLength: 1, maxLength: 48 });

/** A user's content part in the forms Converse carries both ways: text, image bytes, named documents. */
const conversePart: fc.Arbitrary<ContentPart> = fc.oneof(
  fc.string({ minLength: 1, maxLength: 40 }).map((text) => ({ type: 'text' as const, text })),
  fc.record({
    type: fc.constant('image' as const),
    bytes,
    mediaType: fc.constantFrom('image/png', 'image/jpeg', 'image/gif', 'image/webp'),
  }),
  fc.record({
    type: fc.constant('file' as const),
    bytes,
    mediaType: fc.constantFrom('application/pdf', 'text/csv', 'text/plain', 'text/markdown'),
    name: fc.stringMatching(/^[a-z0-9][a-z0-9-]{0,10}$/),
  }),
);

/** Requests Converse can carry: a temperature of 0 to 1, and a tool choice that needs tools only with tools. */
const converseRequest = chatRequest(conversePart)
  .map((request) =>
    request.settings?.temperature === undefined
      ? request
      : { ...request, settings: { ...request.settings, temperature: request.settings.temperature / 2 } },
  )
  .filter((request) => {
    const choice = request.settings?.toolChoice;
    return (request.tools ?? []).length > 0 || choice === undefined || choice === 'auto' || choice === 'none';
  });

/**
 * The request as Converse reads it back: turns of one role joined (two user messages are one), a user's lone text
 * part its text, no `seed` (Converse has none), `auto` unsaid (its default), and `none` as no tools at all.
 */
function canonical(request: ReplyRequest): ReplyRequest {
  const parts = (content: string | readonly ContentPart[]): ContentPart[] =>
    typeof content === 'string' ? [{ type: 'text', text: content }] : [...content];
  const messages: Message[] = [];
  for (const message of request.messages) {
    const last = messages.at(-1);
    if (message.role === 'user' && last?.role === 'user')
      messages[messages.length - 1] = { role: 'user', content: [...parts(last.content), ...parts(message.content)] };
    else messages.push(message);
  }
  const read = messages.map((message): Message => {
    if (message.role !== 'user' || typeof message.content === 'string' || message.content.length !== 1) return message;
    const [only] = message.content;
    return only?.type === 'text' ? { role: 'user', content: only.text } : message;
  });
  const { seed: _seed, toolChoice, ...settings } = request.settings ?? {};
  const out: { -readonly [K in keyof ReplyRequest]: ReplyRequest[K] } = { ...request, messages: read };
  delete out.settings;
  if (toolChoice === 'none') delete out.tools;
  const kept =
    toolChoice === undefined || toolChoice === 'auto' || toolChoice === 'none' ? settings : { ...settings, toolChoice };
  if (Object.keys(kept).length > 0) out.settings = kept;
  return out;
}

/** What a client reads of the messages a writer made, fed to the decoder in the pieces `cuts` make. */
function readStream(messages: readonly Uint8Array[], typed: boolean, cuts: readonly number[] = []): ReplyPart[] {
  const all = new Uint8Array(messages.reduce((sum, message) => sum + message.length, 0));
  let at = 0;
  for (const message of messages) {
    all.set(message, at);
    at += message.length;
  }
  const decoder = new EventStreamDecoder();
  const decoded: EventMessage[] = [];
  let start = 0;
  for (const point of [...new Set(cuts.map((cut) => cut % (all.length + 1)))].sort((a, b) => a - b)) {
    decoder.push(all.subarray(start, point), decoded);
    start = point;
  }
  decoder.push(all.subarray(start), decoded);
  decoder.end();
  const reader = new ConverseEventReader(typed);
  const out: ReplyPart[] = [];
  for (const message of decoded) reader.add(message, out);
  reader.end(out);
  return out;
}

function streamed(parts: readonly ReplyPart[], writer = new ConverseEventWriter()): Uint8Array[] {
  return [...parts.flatMap((part) => writer.part(part)), ...writer.end()];
}

function wholeOf(parts: readonly ReplyPart[]): WholeReply {
  const reply = folded(parts) as {
    text: string;
    value: unknown;
    reasoning: string[];
    calls: [];
    units: WholeReply['units'];
    finish: 'stop';
  };
  return {
    text: reply.value === undefined ? reply.text : JSON.stringify(reply.value),
    reasoning: reply.reasoning,
    calls: reply.calls,
    units: reply.units,
    finish: reply.finish,
  };
}

function thrown(run: () => unknown): WireFault {
  try {
    run();
  } catch (error) {
    return error as WireFault;
  }
  throw new Error('expected a throw');
}

const ask = { messages: [{ role: 'user', content: [{ text: 'Hi' }] }] };

describe('Bedrock Converse, both ways', () => {
  describe('requests', () => {
    it('reads back the call it wrote: messages, parts, tool calls and results, tools, typed value, settings', () => {
      fc.assert(
        fc.property(converseRequest, (request) => {
          const body = JSON.parse(JSON.stringify(writeConverse(request))) as unknown;
          expect(readConverse(body, { model: request.model }).request).toEqual(canonical(request));
        }),
        { numRuns: 300 },
      );
    });

    it("reads back a tool result's error (the wire carries it as text with status error)", () => {
      const request: ReplyRequest = {
        model: 'm',
        messages: [
          { role: 'user', content: 'Weather?' },
          { role: 'assistant', calls: [{ id: 't1', tool: 'weather', with: { city: 'Oslo' } }] },
          { role: 'tool', results: [{ id: 't1', tool: 'weather', error: '{"not":"covered"}' }] },
        ],
      };
      expect(readConverse(writeConverse(request), { model: 'm' }).request).toEqual(request);
    });

    it('refuses a tool choice that needs tools on a request that offers none', () => {
      const request: ReplyRequest = {
        model: 'm',
        messages: [{ role: 'user', content: 'Hi' }],
        settings: { toolChoice: 'required' },
      };
      expect(thrown(() => writeConverse(request)).fault).toMatchObject({
        kind: 'cannot_honour',
        setting: 'toolChoice',
      });
    });

    it('lays the extras under the fields it writes, and takes their maxTokens when the call names none', () => {
      const body = writeConverse(
        { model: 'm', messages: [{ role: 'user', content: 'Hi' }] },
        { body: { guardrailConfig: { guardrailIdentifier: 'g' }, messages: 'overwritten' }, maxTokens: 64 },
      );
      expect(body).toEqual({
        ...ask,
        guardrailConfig: { guardrailIdentifier: 'g' },
        inferenceConfig: { maxTokens: 64 },
      });
    });

    it('refuses a conversation that starts with the assistant, in Bedrock’s words', () => {
      const fault = thrown(() =>
        readConverse({ messages: [{ role: 'assistant', content: [{ text: 'Hi' }] }] }, { model: 'm' }),
      );
      expect(fault.fault).toMatchObject({
        kind: 'refused',
        issue: {
          path: ['messages', 0, 'role'],
          message:
            'A conversation must start with a user message. Try again with a conversation that starts with a user message.',
        },
      });
    });

    it('refuses two turns of one role in a row, in Bedrock’s words', () => {
      const fault = thrown(() => readConverse({ messages: [ask.messages[0], ask.messages[0]] }, { model: 'm' }));
      expect(fault.fault).toMatchObject({
        issue: { path: ['messages', 1, 'role'], message: expect.stringMatching(/^A conversation must alternate/) },
      });
    });

    it('refuses a field Bedrock does not document, naming it', () => {
      const fault = thrown(() => readConverse({ ...ask, temperature: 1 }, { model: 'm' }));
      expect(fault.fault).toMatchObject({
        kind: 'refused',
        issue: { code: 'unrecognized_keys', keys: ['temperature'] },
      });
      expect(fault.notes.known).toContain('inferenceConfig');
    });

    it('refuses a maxTokens below 1, as a whole number', () => {
      const fault = thrown(() => readConverse({ ...ask, inferenceConfig: { maxTokens: -1 } }, { model: 'm' }));
      expect(fault.fault).toMatchObject({
        issue: { code: 'too_small', path: ['inferenceConfig', 'maxTokens'], input: -1 },
      });
      expect(fault.notes.integer).toBe(true);
    });

    it('reads the forced json tool of the AI SDK as the typed value, and drops the tool and the choice', () => {
      const schema = { type: 'object', properties: { team: { type: 'string' } } };
      const tools = [
        { toolSpec: { name: 'lookup', inputSchema: { json: { type: 'object' } } } },
        { toolSpec: { name: 'json', description: 'Respond with a JSON object.', inputSchema: { json: schema } } },
      ];
      for (const toolChoice of [{ any: {} }, { tool: { name: 'json' } }]) {
        const read = readConverse({ ...ask, toolConfig: { tools, toolChoice } }, { model: 'm' });
        expect(read.request).toEqual({
          model: 'm',
          messages: [{ role: 'user', content: 'Hi' }],
          tools: [{ name: 'lookup', input: { type: 'object' } }],
          output: { name: 'json', schema },
        });
        expect(read).toMatchObject({ valueTool: 'json', outputPlace: 'toolConfig.tools.1.toolSpec.inputSchema.json' });
      }
    });

    it('reads a tool named json that nothing forces as a tool', () => {
      const tools = [{ toolSpec: { name: 'json', inputSchema: { json: { type: 'object' } } } }];
      const read = readConverse({ ...ask, toolConfig: { tools } }, { model: 'm' });
      expect(read.valueTool).toBeUndefined();
      expect(read.request.tools).toEqual([{ name: 'json', input: { type: 'object' } }]);
    });

    it('reads the Anthropic-on-Bedrock output_config format as the typed value', () => {
      const schema = { type: 'object' };
      const body = {
        ...ask,
        additionalModelRequestFields: { output_config: { format: { type: 'json_schema', schema } } },
      };
      expect(readConverse(body, { model: 'm' }).request.output).toEqual({ name: 'output', schema });
    });

    it('refuses a video block as one the wire server cannot hand the engine', () => {
      const body = { messages: [{ role: 'user', content: [{ video: { format: 'mp4', source: { bytes: 'AA==' } } }] }] };
      expect(thrown(() => readConverse(body, { model: 'm' })).fault).toMatchObject({
        issue: { code: 'custom', path: ['messages', 0, 'content', 0], params: { unsupported: true } },
      });
    });
  });

  describe('streamed replies', () => {
    it('reads back the parts it wrote, whatever pieces the bytes arrive in: reasoning, text, calls, units, finish', () => {
      fc.assert(
        fc.property(
          withSplits(replyParts({ typed: false, reasoning: true }), ['cachedIn', 'cacheWriteIn']),
          fc.array(fc.nat(), { maxLength: 8 }),
          (parts, cuts) => {
            expect(folded(readStream(streamed(parts), false, cuts))).toEqual(folded(parts));
          },
        ),
        { numRuns: 200 },
      );
    });

    it('reads back a typed value it wrote as value parts', () => {
      fc.assert(
        fc.property(
          withSplits(replyParts({ typed: true, reasoning: false }), ['cachedIn', 'cacheWriteIn']),
          (parts) => {
            expect(folded(readStream(streamed(parts), true))).toEqual(folded(parts));
          },
        ),
        { numRuns: 100 },
      );
    });

    it('writes a typed value asked for through a forced tool as that tool’s call, its stop reason tool_use', () => {
      const writer = new ConverseEventWriter({ name: 'json', id: 'tooluse_1' });
      const parts: ReplyPart[] = [
        { type: 'value', json: '{"team":' },
        { type: 'value', json: '"billing"}' },
        { type: 'finish', reason: 'stop' },
      ];
      expect(readStream(streamed(parts, writer), false)).toEqual([
        { type: 'call', call: { id: 'tooluse_1', tool: 'json', with: { team: 'billing' } } },
        { type: 'units', tokensIn: 0, tokensOut: 0 },
        { type: 'finish', reason: 'calls' },
      ]);
    });

    it('reads a refusal and a content filter it wrote as content_filter failures', () => {
      for (const stop of [{ kind: 'refusal', text: 'I cannot help with that.' }, { kind: 'content_filter' }] as const) {
        const writer = new ConverseEventWriter();
        const fault = thrown(() => readStream([...writer.stop(stop), ...writer.end()], false));
        expect(fault.fault).toMatchObject({ kind: 'failed', failure: 'content_filter' });
      }
    });

    it('reads each exception it breaks a stream off with as the failure of its kind', () => {
      for (const kind of Object.keys(streamExceptions) as FailureKind[]) {
        const writer = new ConverseEventWriter();
        const messages = [...writer.part({ type: 'text', text: 'Hal' }), writer.exception(kind)!];
        const reader = new ConverseEventReader(false);
        const out: ReplyPart[] = [];
        const fault = thrown(() => messages.forEach((message) => reader.add(decodeMessage(message), out)));
        expect(out).toEqual([{ type: 'text', text: 'Hal' }]);
        expect(fault.fault).toMatchObject({ kind: 'failed', failure: kind });
      }
      expect(new ConverseEventWriter().exception('auth')).toBeUndefined();
    });

    it('finds a stream that ends before messageStop malformed', () => {
      const writer = new ConverseEventWriter();
      const fault = thrown(() => readStream(writer.part({ type: 'text', text: 'Hi' }), false));
      expect(fault.fault).toEqual({ kind: 'malformed', what: 'the stream ended before `messageStop`' });
    });
  });

  describe('whole replies', () => {
    it('reads back the reply it wrote: reasoning, text, calls, units, finish', () => {
      fc.assert(
        fc.property(
          withSplits(replyParts({ typed: false, reasoning: true }), ['cachedIn', 'cacheWriteIn']),
          (parts) => {
            expect(folded(readConverseAnswer(writeConverseAnswer(wholeOf(parts)), false))).toEqual(folded(parts));
          },
        ),
        { numRuns: 200 },
      );
    });

    it('reads back a typed value it wrote', () => {
      fc.assert(
        fc.property(
          withSplits(replyParts({ typed: true, reasoning: false }), ['cachedIn', 'cacheWriteIn']),
          (parts) => {
            expect(folded(readConverseAnswer(writeConverseAnswer(wholeOf(parts)), true))).toEqual(folded(parts));
          },
        ),
        { numRuns: 100 },
      );
    });

    it('writes a typed value asked for through a forced tool as that tool’s call', () => {
      const text = writeConverseAnswer(
        { text: '{"team":"billing"}', reasoning: [], calls: [], units: { tokensIn: 3, tokensOut: 4 }, finish: 'stop' },
        { name: 'json', id: 'tooluse_2' },
      );
      expect(readConverseAnswer(text, false)).toEqual([
        { type: 'call', call: { id: 'tooluse_2', tool: 'json', with: { team: 'billing' } } },
        { type: 'units', tokensIn: 3, tokensOut: 4 },
        { type: 'finish', reason: 'calls' },
      ]);
    });

    it('reads a refusal and a content filter it wrote as content_filter failures', () => {
      for (const stopped of [{ kind: 'refusal', text: 'No.' }, { kind: 'content_filter' }] as const) {
        const text = writeConverseAnswer({
          text: '',
          reasoning: [],
          calls: [],
          units: { tokensIn: 0, tokensOut: 0 },
          finish: 'stop',
          stopped,
        });
        expect(thrown(() => readConverseAnswer(text, false)).fault).toMatchObject({
          kind: 'failed',
          failure: 'content_filter',
        });
      }
    });
  });

  describe('failures', () => {
    it.each(Object.keys(bedrockFailures) as Exclude<FailureKind, 'network'>[])(
      'reads the %s answer it writes as that kind',
      (kind) => {
        const answer = failureAnswer(bedrockFailures, kind, 1500);
        if (answer === 'drop') throw new Error('no answer');
        expect(failureKindOf(bedrockFailures, answer)).toBe(kind);
      },
    );
  });
});
