import { describe, expect, it, vi } from 'vitest';
import { createBedrockProvider, StandinError } from '../../../../src/index.js';
import { ConverseEventWriter } from '../../../../src/protocols/bedrock/ConverseEventWriter.js';
import { callContext, failure, parts } from '../loopback/callContext.js';
import { json, type LoopbackServer } from '../loopback/LoopbackServer.js';
import { useLoopback } from '../loopback/useLoopback.js';

// An application that never installed the optional peer, nor the AWS SDK's event-stream packages: each import of
// them fails as Node's would.
vi.mock('aws4fetch', () => {
  throw new Error("Cannot find package 'aws4fetch'");
});
vi.mock('@smithy/eventstream-codec', () => {
  throw new Error("Cannot find package '@smithy/eventstream-codec'");
});
vi.mock('@smithy/util-utf8', () => {
  throw new Error("Cannot find package '@smithy/util-utf8'");
});

let server: LoopbackServer;
useLoopback((started) => (server = started));

const ask = { model: 'test-model', messages: [{ role: 'user' as const, content: 'Hi' }] };
const context = callContext({ provider: 'bedrock', apiKey: undefined });

describe('BedrockProvider without its optional peer', () => {
  it('rejects a signed call with C0025 naming aws4fetch and how to install it', async () => {
    const bedrock = createBedrockProvider({
      baseURL: server.url(),
      region: 'us-east-1',
      accessKeyId: 'AKIA1',
      secretAccessKey: 'secret-1',
    });
    const error = await failure(parts(bedrock.reply(ask, context)));
    expect(error).toBeInstanceOf(StandinError);
    expect((error as StandinError).code).toBe('C0025');
    expect(error.message).toContain('npm install aws4fetch');
  });

  it('streams a ConverseStream answer with an API key, reading the event stream with its own codec', async () => {
    const writer = new ConverseEventWriter();
    const messages = [...writer.part({ type: 'text', text: 'Hi' }), ...writer.part({ type: 'finish', reason: 'stop' })];
    server.on('/model/test-model/converse-stream', (_, response) => {
      response.writeHead(200, { 'content-type': 'application/vnd.amazon.eventstream' });
      response.end(Buffer.concat([...messages, ...writer.end()]));
    });
    const bedrock = createBedrockProvider({ baseURL: server.url(), region: 'us-east-1', apiKey: 'bedrock-key-0001' });
    expect(await parts(bedrock.reply(ask, context))).toEqual([
      { type: 'text', text: 'Hi' },
      { type: 'units', tokensIn: 0, tokensOut: 0 },
      { type: 'finish', reason: 'stop' },
    ]);
  });

  it('answers a whole Converse call with an API key, which needs no signer', async () => {
    server.on(
      '/model/test-model/converse',
      json(200, { output: { message: { role: 'assistant', content: [{ text: 'Hi' }] } }, stopReason: 'end_turn' }),
    );
    const bedrock = createBedrockProvider({
      baseURL: server.url(),
      region: 'us-east-1',
      apiKey: 'bedrock-key-0001',
      stream: false,
    });
    expect(await parts(bedrock.reply(ask, context))).toEqual([
      { type: 'text', text: 'Hi' },
      { type: 'finish', reason: 'stop' },
    ]);
  });
});
