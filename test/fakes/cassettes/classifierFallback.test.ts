import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ClassificationAdapterError,
  code,
  StandinError,
  type ClassificationResponse,
  type StandinConfigInput,
} from '../../../src/index.js';
import { createTestApp, type TestApp } from '../../../src/testing.js';
import { KEY } from '../../services/providers/loopback/callContext.js';
import { decisions, detail, openaiError, systemone } from '../../services/providers/loopback/classifierServers.js';
import { LoopbackServer } from '../../services/providers/loopback/LoopbackServer.js';
import { questions, useFolder } from './support.js';

const folder = useFolder();
const SYSTEMONE = '/v1/systemone';
const DECISIONS = '/v1/decisions';

/** The typesafe classifier first, falling back to the decisions one, or the other way round; both on `base`. */
function chain(base: string, first: 'typesafe' | 'decisions'): StandinConfigInput {
  const second = first === 'typesafe' ? 'decisions' : 'typesafe';
  return {
    providers: { typesafe: { baseURL: base, apiKey: KEY }, decisions: { baseURL: `${base}/v1`, apiKey: KEY } },
    classifier: { provider: first, fallback: [{ provider: second }] },
    retry: { attempts: 2, baseDelayMs: 100, maxDelayMs: 10_000, jitter: 0 },
  };
}

const classify = (app: TestApp) =>
  app.classify('My card was charged twice.', questions, { requestId: 'ticket-7' }).catch((error: unknown) => error);

/** Records a classify call whose first classifier fails (its path answers `down`) and whose fallback answers; then replays it with the server stopped. */
async function recordThenReplay(first: 'typesafe' | 'decisions') {
  const path = join(folder(), 'fallback.json');
  const server = await LoopbackServer.start();
  const base = server.url();
  if (first === 'typesafe') {
    server.on(SYSTEMONE, detail(503, 'Unavailable'));
    server.on(DECISIONS, decisions());
  } else {
    server.on(DECISIONS, openaiError(503, 'Down', 'server_error'));
    server.on(SYSTEMONE, systemone());
  }
  const recording = createTestApp(chain(base, first));
  const cassette = recording.cassette(path, { mode: 'record' });
  const live = await classify(recording);
  await cassette.save();
  const received = server.received.map((r) => r.path);
  await server.close();
  const replaying = createTestApp(chain(base, first));
  const tape = replaying.cassette(path);
  const replayed = await classify(replaying);
  return { live, replayed, received, cassette, tape, recording, replaying };
}

describe('Cassette', () => {
  describe("the config's classifier fallbacks", () => {
    for (const first of ['typesafe', 'decisions'] as const) {
      const second = first === 'typesafe' ? 'decisions' : 'typesafe';
      describe(`${first}, falling back to ${second}`, () => {
        it('records the failed tries of the first classifier and the answer of the fallback, through the real adapters', async () => {
          const run = await recordThenReplay(first);
          expect(run.live).not.toBeInstanceOf(Error);
          expect((run.live as ClassificationResponse).provider).toBe(second);
          const asked = first === 'typesafe' ? [SYSTEMONE, SYSTEMONE, DECISIONS] : [DECISIONS, DECISIONS, SYSTEMONE];
          expect(run.received).toEqual(asked);
          const entries = run.cassette.entries;
          expect(entries.map((e) => (e.fallback === undefined ? 'classifier' : `fallback ${e.fallback}`))).toEqual([
            'classifier',
            'classifier',
            'fallback 0',
          ]);
          expect(entries[0]!.answer).toMatchObject({ error: { reason: 'provider_unavailable', status: 503 } });
          expect(entries[2]!.answer).toHaveProperty('answers');
        });

        it('replays the failures, the same waits, and the answer of the fallback', async () => {
          const run = await recordThenReplay(first);
          const live = run.live as ClassificationResponse;
          const replayed = run.replayed as ClassificationResponse;
          expect(replayed.answers).toEqual(live.answers);
          expect(replayed.provider).toBe(second);
          expect(replayed.requestId).toBe('ticket-7');
          expect(run.replaying.clock.slept).toEqual(run.recording.clock.slept);
          expect(run.recording.clock.slept).toEqual([100]);
          await expect(run.tape.verify()).resolves.toBeUndefined();
        });
      });
    }

    it('replays a fallback that failed too as the same error, listing every attempt', async () => {
      const path = join(folder(), 'both-down.json');
      const server = await LoopbackServer.start();
      const base = server.url();
      server.on(SYSTEMONE, detail(503, 'Unavailable'));
      server.on(DECISIONS, openaiError(503, 'Down', 'server_error'));
      const recording = createTestApp(chain(base, 'typesafe'));
      const cassette = recording.cassette(path, { mode: 'record' });
      const live = (await classify(recording)) as ClassificationAdapterError;
      await cassette.save();
      await server.close();
      const replaying = createTestApp(chain(base, 'typesafe'));
      replaying.cassette(path);
      const replayed = (await classify(replaying)) as ClassificationAdapterError;
      expect(replayed).toBeInstanceOf(ClassificationAdapterError);
      expect(replayed.reason).toBe(live.reason);
      const attempts = (error: ClassificationAdapterError) =>
        (error.metadata.attempts as { classifier: string; attempt: number }[]).map(
          (a) => `${a.classifier}#${a.attempt}`,
        );
      expect(attempts(replayed)).toEqual(attempts(live));
      expect(attempts(live)).toEqual(['typesafe#1', 'typesafe#2', 'decisions#1', 'decisions#2']);
    });

    it('names the fallback classifier when a replay has no recording of its call', async () => {
      const run = await recordThenReplay('typesafe');
      const path = join(folder(), 'trimmed.json');
      const file = {
        standin: 'cassette',
        version: 1,
        entries: run.cassette.entries.filter((entry) => entry.fallback === undefined),
      };
      writeFileSync(path, JSON.stringify(file));
      const app = createTestApp(chain('http://127.0.0.1:1', 'typesafe'));
      app.cassette(path);
      const error = (await classify(app)) as StandinError;
      expect(error).toBeInstanceOf(StandinError);
      expect(error.code).toBe(code.T0040);
      expect(error.message).toContain('has no recording for this call: classify (config.classifier.fallback[0])');
    });

    it("gives each classifier's recordings as its own FakeClassifier script", async () => {
      const run = await recordThenReplay('typesafe');
      expect(run.cassette.script()).toHaveLength(2);
      expect(run.cassette.script(0)).toHaveLength(1);
      const app = createTestApp({});
      const fake = app.fakeClassifier(run.cassette.script(0));
      expect((await app.classify('My card was charged twice.', questions)).answers).toEqual(
        (run.live as ClassificationResponse).answers,
      );
      await fake.verify();
    });
  });
});
