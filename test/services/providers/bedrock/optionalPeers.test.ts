import { describe, expect, it, vi } from 'vitest';
import { createBedrockProvider, StandinError } from '../../../../src/index.js';
import { callContext, failure, parts } from '../loopback/callContext.js';
import { json, type LoopbackServer } from '../loopback/LoopbackServer.js';
import { useLoopback } from '../loopback/useLoopback.js';

// An application that never installed the optional peers: each import of them fails as Node's would.
vi.mock('aws4fetch', () => {
  throw new Error("Cannot find package 'aws4fetch'");
});
vi.mock('@smithy/eventstream-codec', () => {
  throw new Error("Cannot find package '@smithy/eventstream-codec'");
});

let server: LoopbackServer;
useLoopback((started) => (server = started));

const ask = { model: 'test-model', messages: [{ role: 'user' as const, content: 'Hi' }] };
const context = callContext({ provider: 'bedrock', apiKey: undefined });

describe('BedrockProvider without its optional peers', () => {
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

  it('rejects a streamed call with C0025 naming @smithy/eventstream-codec', async () => {
    server.on('/model/test-model/converse-stream', (_, response) => {
      response.writeHead(200, { 'content-type': 'application/vnd.amazon.eventstream' });
      response.end();
    });
    const bedrock = createBedrockProvider({ baseURL: server.url(), region: 'us-east-1', apiKey: 'bedrock-key-0001' });
    const error = await failure(parts(bedrock.reply(ask, context)));
    expect((error as StandinError).code).toBe('C0025');
    expect(error.message).toContain('npm install @smithy/eventstream-codec');
  });

  it('answers a whole Converse call with an API key, which needs neither', async () => {
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
