import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LoopbackServer } from '../../services/providers/loopback/LoopbackServer.js';
import { AUDIO, appOn, carried, exercise, serveEverything, useFolder } from './support.js';

const folder = useFolder();

/** Records the exercise against live loopback servers, stops them, and replays it on a new app. */
async function recordThenReplay(classifier: 'typesafe' | 'decisions') {
  const path = join(folder(), 'everything.json');
  const server = await LoopbackServer.start();
  serveEverything(server);
  const base = server.url();
  const recording = appOn(base, classifier);
  const cassette = recording.cassette(path, { mode: 'record' });
  const live = await exercise(recording);
  await cassette.save();
  const sent = server.received.length;
  await server.close();

  const replaying = appOn(base, classifier);
  const tape = replaying.cassette(path);
  const replayed = await exercise(replaying);
  return { live, replayed, sent, tape, path };
}

describe('Cassette', () => {
  describe('record, then replay with the servers stopped', () => {
    for (const classifier of ['typesafe', 'decisions'] as const) {
      describe(`with the openai and anthropic adapters, a provider of the app's own and the ${classifier} classifier`, () => {
        it('records every call through the real adapters, with no allowRealCalls', async () => {
          const { sent } = await recordThenReplay(classifier);
          expect(sent).toBe(8);
        });

        it('replays the streamed reply part for part: the same text deltas, reasoning parts and tool calls, in the same order', async () => {
          const { live, replayed } = await recordThenReplay(classifier);
          expect(replayed.streamed).toEqual(live.streamed);
          expect(live.streamed.map((part) => part.type)).toEqual([
            'reasoning',
            'reasoning',
            'reasoning',
            'text',
            'text',
            'call',
            'units',
            'finish',
          ]);
        });

        it('replays the streamed reply with the same text, reasoning, calls, units and finish', async () => {
          const { live, replayed } = await recordThenReplay(classifier);
          expect(carried(replayed.streamed)).toEqual(carried(live.streamed));
          expect(carried(live.streamed)).toMatchObject({
            text: 'Let me look that up.',
            reasoning: ['The user wants a password reset.'],
            calls: [{ id: 'toolu_01', tool: 'findInGuide', with: { words: 'reset a password' } }],
            finish: 'calls',
          });
        });

        it('replays the typed value in the same pieces, with the same units', async () => {
          const { live, replayed } = await recordThenReplay(classifier);
          expect(replayed.typed).toEqual(live.typed);
          expect(live.typed.value).toEqual({ answer: 42, sure: true });
          expect(live.typed.units).toEqual({ tokensIn: 14, tokensOut: 9 });
        });

        it('replays embed, hear, speak (bytes), rank and call as they answered', async () => {
          const { live, replayed } = await recordThenReplay(classifier);
          expect(replayed.vector).toEqual([0.25, -0.5, 1.75]);
          expect(replayed.heard).toEqual(live.heard);
          expect(Buffer.from(replayed.spoken)).toEqual(AUDIO);
          expect(replayed.scores).toEqual([0.2, 0.9]);
          expect(replayed.output).toEqual(live.output);
          expect(replayed.output).toEqual({ echoed: { ticket: 7, words: ['reset'] }, at: 'local' });
        });

        it("replays classify with the recorded answers, and the call's request id", async () => {
          const { live, replayed } = await recordThenReplay(classifier);
          expect(replayed.answers).toEqual(live.answers);
          expect(replayed.requestId).toBe('ticket-7');
        });

        it('stores the speech as base64 and the classify answer as a FakeClassifier script entry', async () => {
          const { path } = await recordThenReplay(classifier);
          const file = JSON.parse(readFileSync(path, 'utf8')) as {
            entries: { call: string; answer: Record<string, unknown> }[];
          };
          expect(file.entries.find((e) => e.call === 'speak')!.answer).toEqual({ audio: AUDIO.toString('base64') });
          const classify = file.entries.find((e) => e.call === 'classify')!.answer as {
            answers: Record<string, { type: string }>;
          };
          expect(Object.keys(classify.answers).sort()).toEqual(['refund', 'team', 'urgency']);
          expect(classify.answers.team!.type).toBe('choice');
        });

        it('finds every entry replayed', async () => {
          const { tape } = await recordThenReplay(classifier);
          await expect(tape.verify()).resolves.toBeUndefined();
        });
      });
    }
  });
});
