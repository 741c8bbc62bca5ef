import { join } from 'node:path';
import { ContainerModule } from 'inversify';
import { describe, expect, it } from 'vitest';
import { Tokens, type Provider, type ReplyPart } from '../../../src/index.js';
import { createTestApp } from '../../../src/testing.js';
import { useFolder } from './support.js';

const folder = useFolder();

/** A reply as a provider that signs its reasoning and reports its cache and reasoning tokens streams it. */
const live: ReplyPart[] = [
  { type: 'reasoning', text: 'Weather first.', block: 0 },
  { type: 'reasoning', text: '', block: 0, signature: 'sig-1' },
  { type: 'reasoning', text: '', block: 1, signature: 'enc-1', redacted: true },
  { type: 'call', call: { id: 'c1', tool: 'weather', with: { city: 'Oslo' }, signature: 'sig-call' } },
  { type: 'units', tokensIn: 120, tokensOut: 40, cachedIn: 100, cacheWriteIn: 10, reasoningOut: 25 },
  { type: 'finish', reason: 'calls' },
];

function appWith(provider: Provider) {
  return createTestApp(
    { models: { writer: { provider: 'local', model: 'signed' } } },
    new ContainerModule(({ bind }) => {
      bind(Tokens.Provider).toConstantValue(provider).whenNamed('local');
    }),
  );
}

describe('Cassette', () => {
  describe('a reply with reasoning continuations and split units', () => {
    it('records them and replays them part for part with the provider gone', async () => {
      const path = join(folder(), 'signed.json');
      const recording = appWith({
        async *reply() {
          yield* live;
        },
      });
      const tape = recording.cassette(path, { mode: 'record' });
      const recorded: ReplyPart[] = [];
      for await (const part of recording.stream('writer', { messages: 'Weather in Oslo?' })) recorded.push(part);
      await tape.save();

      const replaying = appWith({
        reply() {
          throw new Error('the provider is gone');
        },
      });
      replaying.cassette(path);
      const replayed: ReplyPart[] = [];
      for await (const part of replaying.stream('writer', { messages: 'Weather in Oslo?' })) replayed.push(part);
      expect(replayed).toEqual(recorded);
      expect(recorded).toEqual(live);
    });
  });
});
