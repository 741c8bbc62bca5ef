import { ContainerModule } from 'inversify';
import { describe, expect, it } from 'vitest';
import {
  ClassificationQuestion as Q,
  createApp,
  createContainer,
  ClassificationAdapterError,
  StandinError,
  Tokens,
  type StandinConfigInput,
} from '../../../../src/index.js';
import { DecisionsClassifier } from '../../../../src/services/providers/decisions/DecisionsClassifier.js';
import { FakeClassifier } from '../../../../src/testing.js';
import { TypesafeClassifier } from '../../../../src/services/providers/typesafe/TypesafeClassifier.js';
import { createTestApp } from '../../../../src/testing.js';
import { KEY } from '../loopback/callContext.js';
import { useLoopback } from '../loopback/classifierTest.js';
import { decisions, detail, openaiError, systemone } from '../loopback/classifierServers.js';
import { type LoopbackServer } from '../loopback/LoopbackServer.js';

let server: LoopbackServer;
useLoopback((started) => (server = started));

const SYSTEMONE = '/v1/systemone';
const DECISIONS = '/v1/decisions';
const questions = {
  team: Q.choice('Which team?', ['billing', 'technical']),
  refund: Q.yesNo('Is a refund requested?'),
};

function thrown(config: StandinConfigInput): StandinError {
  try {
    createApp(config);
  } catch (error) {
    expect(error).toBeInstanceOf(StandinError);
    return error as StandinError;
  }
  throw new Error('expected createApp to throw');
}

describe('the config binds a real classifier at Tokens.Classifier', () => {
  it("classifier: { provider: 'typesafe' } binds the TypeSafe classifier, named typesafe, marked real", () => {
    const app = createApp({ classifier: { provider: 'typesafe' }, providers: { typesafe: { apiKey: KEY } } });
    const classifier = app.container.get(Tokens.Classifier);
    expect(classifier).toBeInstanceOf(TypesafeClassifier);
    expect(classifier).toMatchObject({ real: true, provider: 'typesafe' });
    expect(app.container.get(Tokens.Classifier)).toBe(classifier);
  });

  it('no classifier in the config binds none', () => {
    expect(createApp({}).container.isBound(Tokens.Classifier)).toBe(false);
  });

  it('a provider named typesafe needs no providers entry: it reads TYPESAFE_API_KEY at the first call', () => {
    expect(createApp({ classifier: { provider: 'typesafe' } }).container.get(Tokens.Classifier)).toBeInstanceOf(
      TypesafeClassifier,
    );
  });

  it("classifies with the provider's settings and the classifier's model, under the provider's name", async () => {
    server.on(SYSTEMONE, systemone());
    const app = createApp({
      classifier: { provider: 'jev', model: 'jev-1.13.0' },
      providers: {
        jev: {
          adapter: 'typesafe',
          baseURL: server.url(),
          apiKey: KEY,
          headers: { 'x-team': 'help' },
          body: { priority: 'low' },
        },
      },
    });
    const response = await app.classify('My card was charged twice.', questions);
    expect(response).toMatchObject({ provider: 'jev', model: 'jev-1.13.0' });
    const request = server.at(SYSTEMONE)[0]!;
    expect(request.headers).toMatchObject({ authorization: `Bearer ${KEY}`, 'x-team': 'help' });
    expect(JSON.parse(request.body.toString())).toMatchObject({ model: 'jev-1.13.0', priority: 'low' });
  });

  it("a request's own model wins over the classifier's", async () => {
    server.on(SYSTEMONE, systemone());
    const app = createApp({
      classifier: { provider: 'ts', model: 'jev-1.13.0' },
      providers: { ts: { adapter: 'typesafe', baseURL: server.url() } },
    });
    await app.classify('Hello', questions, { model: 'jev-2' });
    expect(JSON.parse(server.at(SYSTEMONE)[0]!.body.toString()).model).toBe('jev-2');
  });

  it("classifier: { provider: 'decisions' } binds the decisions classifier", () => {
    expect(createApp({ classifier: { provider: 'decisions' } }).container.get(Tokens.Classifier)).toBeInstanceOf(
      DecisionsClassifier,
    );
  });

  it('a provider served by the openai adapter classifies through its Decisions API, with its key, base URL, headers and timeout', async () => {
    server.on(DECISIONS, decisions());
    const app = createApp({
      models: { writer: { provider: 'local', model: 'llama3.2' } },
      classifier: { provider: 'local', model: 'decider-2b' },
      providers: {
        local: {
          adapter: 'openai',
          baseURL: server.url('/v1'),
          apiKey: KEY,
          headers: { 'x-team': 'help' },
          maxTokens: 64,
          body: { reasoning_effort: 'low' },
        },
      },
    });
    const classifier = app.container.get(Tokens.Classifier);
    expect(classifier).toBeInstanceOf(DecisionsClassifier);
    expect(classifier.provider).toBe('local');
    await app.classify('My card was charged twice.', questions);
    const request = server.at(DECISIONS)[0]!;
    expect(request.headers).toMatchObject({ authorization: `Bearer ${KEY}`, 'x-team': 'help' });
    const body = JSON.parse(request.body.toString()) as Record<string, unknown>;
    expect(body.model).toBe('decider-2b');
    expect(body).not.toHaveProperty('reasoning_effort');
  });

  it("classifier: { provider: 'openai' } is OpenAI's /v1/decisions with OPENAI_API_KEY", () => {
    const classifier = createApp({ classifier: { provider: 'openai' } }).container.get(Tokens.Classifier);
    expect(classifier).toBeInstanceOf(DecisionsClassifier);
    expect(classifier.provider).toBe('openai');
  });

  it('two containers made from one config get classifiers of their own', () => {
    const config = { classifier: { provider: 'typesafe' } };
    expect(createContainer(config).get(Tokens.Classifier)).not.toBe(createContainer(config).get(Tokens.Classifier));
  });

  describe('what the config cannot say', () => {
    it('P0006: a classifier provider served by a model adapter that cannot classify', () => {
      const error = thrown({ classifier: { provider: 'anthropic' } });
      expect(error.code).toBe('P0006');
      expect(error.message).toContain(
        "config.classifier.provider: 'anthropic' cannot classify: it is served by the anthropic adapter, which cannot classify.",
      );
    });

    it('P0006: a classifier provider no adapter serves, with the entry to write', () => {
      const error = thrown({ classifier: { provider: 'mystery' } });
      expect(error.code).toBe('P0006');
      expect(error.message).toContain("'mystery' cannot classify: no adapter serves it");
      expect(error.message).toContain("providers: { mystery: { adapter: 'typesafe' } }");
    });

    it('P0006: a model whose provider is a classifier', () => {
      const error = thrown({
        models: { writer: { provider: 'jev', model: 'x' } },
        providers: { jev: { adapter: 'typesafe' } },
      });
      expect(error.code).toBe('P0006');
      expect(error.message).toContain(
        "config.models.writer.provider: 'jev' is served by the typesafe adapter, which classifies and cannot reply.",
      );
      expect(thrown({ models: { writer: { provider: 'decisions', model: 'x' } } }).code).toBe('P0006');
    });

    it('P0004: a classifier provider with a setting a classifier does not take, named or not', () => {
      const error = thrown({ providers: { jev: { adapter: 'typesafe', maxTokens: 100 } } });
      expect(error.code).toBe('P0004');
      expect(error.message).toContain(
        "config.providers.jev.maxTokens: unknown key 'maxTokens'. Allowed keys here: apiKey, baseURL, headers, timeoutMs, body, maxBodyBytes, maxRetryAfterMs.",
      );
      expect(thrown({ classifier: { provider: 'typesafe' }, providers: { typesafe: { voice: 'nova' } } }).code).toBe(
        'P0004',
      );
    });

    it('C0001: a classifier of the wrong shape, with the path and what to write', () => {
      expect(thrown({ classifier: { provider: '' } }).message).toContain('config.classifier.provider');
      expect(thrown({ classifier: { provder: 'typesafe' } } as unknown as StandinConfigInput).message).toContain(
        "config.classifier.provder: unknown key 'provder'. Did you mean 'provider'? Allowed keys here: provider, model, fallback.",
      );
      expect(thrown({ classifier: 'typesafe' } as unknown as StandinConfigInput).message).toContain(
        "config.classifier: expected an object { provider, model?, fallback? }, such as { provider: 'typesafe' }, got a string.",
      );
      expect(thrown({ providers: { jev: { adapter: 'jev' } } } as unknown as StandinConfigInput).message).toContain(
        "'typesafe' or 'decisions' (the classifier)",
      );
    });
  });

  describe('in a test app', () => {
    const config = (): StandinConfigInput => ({
      classifier: { provider: 'typesafe' },
      providers: { typesafe: { baseURL: server.url(), apiKey: KEY } },
    });

    it('the real-call guard blocks it (K0006) unless the test allows it', async () => {
      server.on(SYSTEMONE, systemone());
      const app = createTestApp(config());
      await expect(app.classify('Hello', questions)).rejects.toMatchObject({
        code: 'K0006',
        message: expect.stringContaining("app.allowRealCalls('typesafe')"),
      });
      expect(server.received).toHaveLength(0);
      app.allowRealCalls('typesafe');
      expect((await app.classify('Hello', questions)).provider).toBe('typesafe');
    });

    it('app.fakeClassifier() stands in front of it, which stays bound', async () => {
      const app = createTestApp(config());
      app.fakeClassifier([{ answers: { team: 'technical' } }]);
      expect(app.container.get(Tokens.Classifier)).toBeInstanceOf(TypesafeClassifier);
      expect((await app.classify('Hello', questions)).answer('team')!.choice).toBe('technical');
      expect(server.received).toHaveLength(0);
    });
  });

  describe('classifier.fallback', () => {
    const chain = (): StandinConfigInput => ({
      classifier: { provider: 'typesafe', fallback: [{ provider: 'backup' }] },
      providers: {
        typesafe: { baseURL: server.url(), apiKey: KEY },
        backup: { adapter: 'decisions', baseURL: server.url('/v1'), apiKey: KEY },
      },
      retry: { attempts: 2, jitter: 0 },
    });

    it('moves a retryable reason that survived its retries to the next classifier', async () => {
      server.on(SYSTEMONE, detail(503, 'Unavailable'));
      server.on(DECISIONS, decisions());
      const app = createTestApp(chain());
      app.allowRealCalls();
      const response = await app.classify('Hello', questions);
      expect(response.provider).toBe('backup');
      expect(server.at(SYSTEMONE)).toHaveLength(2);
      expect(server.at(DECISIONS)).toHaveLength(1);
      expect(app.clock.slept).toEqual([500]);
    });

    it('ends the call on a reason that is not retryable, without falling back', async () => {
      server.on(SYSTEMONE, detail(401, 'Bad key'));
      server.on(DECISIONS, decisions());
      const app = createTestApp(chain());
      app.allowRealCalls();
      await expect(app.classify('Hello', questions)).rejects.toMatchObject({
        reason: 'authentication_failed',
        provider: 'typesafe',
      });
      expect(server.at(DECISIONS)).toHaveLength(0);
    });

    it('lists every attempt of every classifier when the last one fails too', async () => {
      server.on(SYSTEMONE, detail(503, 'Unavailable'));
      server.on(DECISIONS, openaiError(503, 'Down', 'server_error'));
      const app = createTestApp(chain());
      app.allowRealCalls();
      const error = (await app.classify('Hello', questions).catch((e: unknown) => e)) as ClassificationAdapterError;
      expect(error).toBeInstanceOf(ClassificationAdapterError);
      expect(error.reason).toBe('provider_unavailable');
      expect(error.metadata.attempts).toEqual([
        expect.objectContaining({ classifier: 'typesafe', attempt: 1 }),
        expect.objectContaining({ classifier: 'typesafe', attempt: 2 }),
        expect.objectContaining({ classifier: 'backup', attempt: 1 }),
        expect.objectContaining({ classifier: 'backup', attempt: 2 }),
      ]);
      expect(error.message).toContain('Every classifier failed');
    });

    it('checks each fallback as it checks the classifier: P0006 for one that cannot classify', () => {
      expect(thrown({ classifier: { provider: 'typesafe', fallback: [{ provider: 'anthropic' }] } }).message).toContain(
        'config.classifier.fallback[0].provider',
      );
    });

    it('passes the real-call guard link by link: a fake first link still guards a real fallback', async () => {
      const app = createTestApp(chain());
      app.fakeClassifier([
        { error: new ClassificationAdapterError('timeout') },
        { error: new ClassificationAdapterError('timeout') },
      ]);
      await expect(app.classify('Hello', questions)).rejects.toMatchObject({ code: 'K0006' });
    });
  });

  it("an application module's own classifier takes the config's place", () => {
    const own = new FakeClassifier();
    const container = createContainer(
      { classifier: { provider: 'typesafe' } },
      new ContainerModule(({ bind }) => {
        bind(Tokens.Classifier).toConstantValue(own);
      }),
    );
    expect(container.get(Tokens.Classifier)).toBe(own);
  });
});
