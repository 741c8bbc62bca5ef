import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../src/testing.js';
import { LoopbackServer, stream } from '../../services/providers/loopback/LoopbackServer.js';
import { useFolder } from '../cassettes/support.js';
import { cases, outcome } from './cases.js';

const folder = useFolder();

/** What each case's recorded answer says of the misbehaviour. */
const recorded: Readonly<Record<string, unknown>> = {
  'a typed value that is not JSON': { misbehave: 'invalid_json', text: '{"team": billing}' },
  'a typed value of the wrong shape': { misbehave: 'wrong_shape', value: { team: 'sales', urgent: true } },
  'a call to a tool the run does not have': { misbehave: 'unknown_tool' },
  "a call whose input does not fit the tool's shape": { misbehave: 'bad_tool_input' },
  'a refusal': { misbehave: 'refusal', text: "I can't help with that." },
  'a typed value cut off at the token limit': { misbehave: 'truncated', text: '{"team":"bil' },
  'a text cut off at the token limit': { finish: 'length' },
  'a reply the content filter stopped': { misbehave: 'content_filter' },
  'an empty answer': { text: '' },
};

describe('Cassette, a recorded misbehaviour', () => {
  for (const provider of ['openai', 'anthropic'] as const) {
    describe(provider, () => {
      it.each(cases.map((c) => [c.kind, c.name, c] as const))('%s (%s) replays as itself', async (_k, name, c) => {
        const server = await LoopbackServer.start();
        server.on(
          provider === 'openai' ? '/v1/chat/completions' : '/v1/messages',
          ...c[provider].map((b) => stream(b)),
        );
        const config = {
          models: { writer: { provider, model: provider === 'openai' ? 'gpt-4.1-mini' : 'claude-sonnet-4-5' } },
          providers: { [provider]: { apiKey: 'sk-loopback', baseURL: server.url(provider === 'openai' ? '/v1' : '') } },
        };
        const path = join(folder(), `${provider}.json`);
        const recording = createTestApp(config);
        const cassette = recording.cassette(path, { mode: 'record' });
        const live = await outcome(recording, c.how, { strictTools: false });
        await cassette.save();
        await server.close();
        expect(cassette.entries[0]!.answer).toMatchObject(recorded[name]!);

        const replaying = createTestApp(config);
        const tape = replaying.cassette(path);
        expect(await outcome(replaying, c.how)).toEqual(live);
        await tape.verify();
      });
    });
  }
});
