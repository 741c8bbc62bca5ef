import { describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../src/testing.js';
import { misbehaviourKinds } from '../../../src/fakes/misbehave/misbehaviourKinds.js';
import { stream, type LoopbackServer } from '../../services/providers/loopback/LoopbackServer.js';
import { useLoopback } from '../../services/providers/loopback/useLoopback.js';
import { cases, outcome } from './cases.js';

let server: LoopbackServer;
useLoopback((s) => (server = s));
type Provider = 'openai' | 'anthropic';

function appFor(provider: Provider, real: boolean): TestApp {
  const model = provider === 'openai' ? 'gpt-4.1-mini' : 'claude-sonnet-4-5';
  const baseURL = provider === 'openai' ? server.url('/v1') : server.url();
  const app = createTestApp({
    models: { writer: { provider, model } },
    providers: { [provider]: { apiKey: 'sk-loopback', baseURL } },
  });
  if (real) app.allowRealCalls(provider);
  return app;
}

describe('misbehave, fake against the real adapters on the provider bytes', () => {
  it('covers every kind', () => {
    expect(new Set(cases.map((c) => c.kind))).toEqual(new Set(misbehaviourKinds));
  });

  for (const provider of ['openai', 'anthropic'] as const) {
    describe(provider, () => {
      it.each(cases.map((c) => [c.kind, c.name, c] as const))(
        '%s (%s): the application gets the same',
        async (_k, _n, c) => {
          const path = provider === 'openai' ? '/v1/chat/completions' : '/v1/messages';
          server.on(path, ...c[provider].map((body) => stream(body)));
          const real = await outcome(appFor(provider, true), c.how, { strictTools: false });
          const fakeApp = appFor(provider, false);
          const fake = fakeApp.fake('writer', c.answers);
          expect(await outcome(fakeApp, c.how)).toEqual(real);
          expect(server.at(path)).toHaveLength(c[provider].length);
          await fake.verify();
        },
      );
    });
  }
});
