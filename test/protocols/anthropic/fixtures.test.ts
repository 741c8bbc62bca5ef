import { describe, expect, it } from 'vitest';
import { anthropicError, anthropicFailures } from '../../../src/protocols/anthropic/anthropicErrors.js';
import { readMessages, writeMessages } from '../../../src/protocols/anthropic/messagesRequest.js';
import { MessageEventReader } from '../../../src/protocols/anthropic/MessageEventReader.js';
import { MessageEventWriter, writeMessage } from '../../../src/protocols/anthropic/MessageEventWriter.js';
import type { WholeReply } from '../../../src/protocols/WholeReply.js';
import { SseDecoder, type SseEvent } from '../../../src/protocols/sse.js';
import type { WireFault } from '../../../src/protocols/WireFault.js';
import type { ReplyPart } from '../../../src/services/spec/Provider.js';
import { fixtureJson, fixtureNames, fixtureText } from '../../support/fixtures.js';
import { kindRead } from '../kindRead.js';
import { folded } from '../replyArbitraries.js';

/*
 * The fixtures under test/fixtures/anthropic, written from Anthropic's API reference (Messages,
 * streaming, extended thinking, tool use, errors), read by the protocol.
 */

const names = fixtureNames('anthropic');

function read(run: (out: ReplyPart[]) => void): ReplyPart[] | WireFault['fault'] {
  const out: ReplyPart[] = [];
  try {
    run(out);
  } catch (error) {
    return (error as WireFault).fault;
  }
  return out;
}

const meta = { id: 'msg_1', model: 'claude-test' };

function readStream(name: string): ReplyPart[] | WireFault['fault'] {
  return readEvents(fixtureText('anthropic', name));
}

function readEvents(text: string): ReplyPart[] | WireFault['fault'] {
  const decoded: SseEvent[] = [];
  const decoder = new SseDecoder();
  decoder.push(new TextEncoder().encode(text), decoded);
  decoder.end(decoded);
  const reader = new MessageEventReader(false);
  return read((out) => {
    for (const event of decoded) reader.add(event, out);
    reader.end(out);
  });
}

const readWhole = (name: string) =>
  read((out) => new MessageEventReader(false).whole(fixtureText('anthropic', name), out));

describe('the Anthropic fixtures', () => {
  it('are each read by a test here', () => {
    const read = [...Object.keys(messages), ...Object.keys(streams), ...Object.keys(errors), 'request.json'];
    expect(names).toEqual([...read].sort());
  });

  const messages: Record<string, unknown> = {
    'message-text.json': [
      { type: 'text', text: 'Hi! My name is Claude.' },
      { type: 'units', tokensIn: 2095, tokensOut: 503 },
      { type: 'finish', reason: 'stop' },
    ],
    'message-tool-use.json': [
      { type: 'text', text: "I'll check the current weather in San Francisco for you." },
      {
        type: 'call',
        call: {
          id: 'toolu_01A09q90qw90lq917835lq9',
          tool: 'get_weather',
          with: { location: 'San Francisco, CA', unit: 'celsius' },
        },
      },
      { type: 'units', tokensIn: 384, tokensOut: 94 },
      { type: 'finish', reason: 'calls' },
    ],
    'message-thinking.json': [
      {
        type: 'reasoning',
        text: 'Let me analyze this step by step...',
        block: 0,
        signature: 'WaUjzkypQ2mUEVM36O2TxuC06KN8xyfbJwyem2dw3URve/op91XWHOEBLLqIOMfFG/UvLEczmEsUjavL....',
      },
      {
        type: 'reasoning',
        text: '',
        block: 1,
        signature: 'EmwKAhgBEgy3va3pzix/LafPsn4aDFIT2Xlxh0L5L8rLVyIwxtE3rAFBa8cr3qpP...',
        redacted: true,
      },
      { type: 'text', text: 'Based on my analysis...' },
      { type: 'units', tokensIn: 81, tokensOut: 212 },
      { type: 'finish', reason: 'stop' },
    ],
    'message-max-tokens.json': [
      { type: 'text', text: 'Once upon a time, in a' },
      { type: 'units', tokensIn: 12, tokensOut: 10 },
      { type: 'finish', reason: 'length' },
    ],
    'message-refusal.json': {
      kind: 'failed',
      failure: 'content_filter',
      message: 'the model declined to answer (stop_reason: refusal).',
      refusal: "I can't help with that.",
    },
  };
  for (const [name, parts] of Object.entries(messages)) {
    it(`reads the whole message ${name}`, () => {
      expect(readWhole(name)).toEqual(parts);
    });
    if (!Array.isArray(parts)) continue;
    it(`re-writes the whole message ${name} as the same reply`, () => {
      const fold = folded(parts as ReplyPart[]);
      const out: ReplyPart[] = [];
      new MessageEventReader(false).whole(writeMessage(fold as unknown as WholeReply, meta), out);
      expect(out).toEqual(parts);
    });
  }

  const streams: Record<string, unknown> = {
    'stream-text.sse': [
      { type: 'text', text: 'Hello' },
      { type: 'text', text: '!' },
      { type: 'units', tokensIn: 25, tokensOut: 15 },
      { type: 'finish', reason: 'stop' },
    ],
    'stream-tool-use.sse': [
      { type: 'text', text: "Okay, let's check the weather for San Francisco, CA:" },
      {
        type: 'call',
        call: { id: 'toolu_01T1x1fJ34qAmk2tNTrN7Up6', tool: 'get_weather', with: { location: 'San Francisco, CA' } },
      },
      { type: 'units', tokensIn: 472, tokensOut: 89 },
      { type: 'finish', reason: 'calls' },
    ],
    'stream-thinking.sse': [
      { type: 'reasoning', text: 'Let me solve this step by step:\n\n1. First break down 27 * 453', block: 0 },
      { type: 'reasoning', text: '\n2. 453 = 400 + 50 + 3', block: 0 },
      { type: 'reasoning', text: '', block: 0, signature: 'EqQBCgIYAhIM1gbcDa9GJwZA2b3hGgxBdjrkzLoky3dl1pkiMOYds...' },
      { type: 'text', text: '27 * 453 = 12,231' },
      { type: 'units', tokensIn: 40, tokensOut: 60 },
      { type: 'finish', reason: 'stop' },
    ],
    'stream-max-tokens.sse': [
      { type: 'text', text: 'Once upon a time' },
      { type: 'units', tokensIn: 12, tokensOut: 10 },
      { type: 'finish', reason: 'length' },
    ],
    'stream-refusal.sse': {
      kind: 'failed',
      failure: 'content_filter',
      message: 'the model declined to answer (stop_reason: refusal).',
    },
    'stream-error.sse': {
      kind: 'reported',
      body: { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } },
      fallback: 'the stream broke off with an error',
    },
  };
  for (const [name, parts] of Object.entries(streams)) {
    it(`reads the stream ${name}`, () => {
      expect(readStream(name)).toEqual(parts);
    });
    if (!Array.isArray(parts)) continue;
    it(`re-writes the stream ${name} as the same reply`, () => {
      const writer = new MessageEventWriter(meta);
      const events = [...(parts as ReplyPart[]).flatMap((part) => writer.part(part)), ...writer.end()];
      expect(folded(readEvents(events.join('')) as ReplyPart[])).toEqual(folded(parts as ReplyPart[]));
    });
  }

  const errors: Record<string, string> = {
    'error-400-invalid-request.json': 'bad_request',
    'error-400-prompt-too-long.json': 'context_length',
    'error-401-authentication.json': 'auth',
    'error-403-permission.json': 'auth',
    'error-404-not-found.json': 'bad_request',
    'error-413-request-too-large.json': 'bad_request',
    'error-429-rate-limit.json': 'rate_limit',
    'error-500-api.json': 'server',
    'error-529-overloaded.json': 'server',
  };
  for (const [name, kind] of Object.entries(errors)) {
    it(`reads the error ${name} as its status and type say: ${kind}`, () => {
      const body = fixtureJson('anthropic', name);
      expect(anthropicError.safeParse(body).success).toBe(true);
      expect(kindRead(anthropicFailures, Number(name.slice(6, 9)), body)).toBe(kind);
    });
  }

  it('reads the documented request, and reads back what it writes of it', () => {
    const { request, stream } = readMessages(fixtureJson('anthropic', 'request.json'));
    expect(stream).toBe(true);
    expect(request).toMatchObject({
      model: 'claude-sonnet-4-5',
      instructions: 'You are a weather assistant.',
      tools: [{ name: 'get_weather', description: 'Get the current weather in a given location' }],
      settings: {
        maxOutputTokens: 1024,
        temperature: 0.5,
        topP: 0.9,
        stopSequences: ['\n\nHuman:'],
        toolChoice: 'auto',
      },
    });
    expect(request.messages).toMatchObject([
      {
        role: 'user',
        content: [
          { type: 'text' },
          { type: 'image', mediaType: 'image/png' },
          { type: 'image', url: expect.stringContaining('ant.jpg') },
          { type: 'file', mediaType: 'application/pdf', url: expect.stringContaining('.pdf') },
          { type: 'file', mediaType: 'text/plain', name: 'My Document' },
        ],
      },
      {
        role: 'assistant',
        content: "I'll look it up.",
        calls: [{ id: 'toolu_01A09q90qw90lq917835lq9', tool: 'get_weather', with: { location: 'San Francisco, CA' } }],
      },
      { role: 'tool', results: [{ id: 'toolu_01A09q90qw90lq917835lq9', tool: 'get_weather', output: '15 degrees' }] },
    ]);
    expect(readMessages(JSON.parse(JSON.stringify(writeMessages(request)))).request).toEqual(request);
  });
});
