import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createVertexProvider, StandinError } from '../../../../src/index.js';
import { GenerateChunkWriter } from '../../../../src/protocols/gemini/generateWriter.js';
import { callContext, failure, parts } from '../loopback/callContext.js';
import { stream, type LoopbackServer } from '../loopback/LoopbackServer.js';
import { useLoopback } from '../loopback/useLoopback.js';

// An application that never installed the optional peer: its import fails as Node's would.
vi.mock('google-auth-library', () => {
  throw new Error("Cannot find package 'google-auth-library'");
});

let server: LoopbackServer;
useLoopback((started) => (server = started));
beforeEach(() => {
  vi.stubEnv('GOOGLE_CLOUD_LOCATION', '');
});
afterEach(() => {
  vi.unstubAllEnvs();
});

const ask = { model: 'test-model', messages: [{ role: 'user' as const, content: 'Hi' }] };
const context = callContext({ provider: 'vertex', apiKey: undefined });
const settings = () => ({ baseURL: server.url(), project: 'help-desk-test' });

describe('VertexProvider without its optional peer', () => {
  it('rejects a call that needs application-default credentials with C0025 naming google-auth-library', async () => {
    const error = await failure(parts(createVertexProvider(settings()).reply(ask, context)));
    expect(error).toBeInstanceOf(StandinError);
    expect((error as StandinError).code).toBe('C0025');
    expect(error.message).toContain('npm install google-auth-library');
    expect(server.received).toHaveLength(0);
  });

  it('replies with a token function, never loading the package', async () => {
    const path =
      '/v1/projects/help-desk-test/locations/us-central1/publishers/google/models/test-model:streamGenerateContent?alt=sse';
    const writer = new GenerateChunkWriter({ id: 'resp_1', model: 'test-model' });
    server.on(path, stream([...writer.part({ type: 'text', text: 'Hi' }), ...writer.end()].join('')));
    const vertex = createVertexProvider({ ...settings(), token: () => 'ya29.token-1' });
    expect((await parts(vertex.reply(ask, context))).filter((part) => part.type === 'text')).toEqual([
      { type: 'text', text: 'Hi' },
    ]);
  });
});
