import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { tool } from '../../../src/index.js';
import { createTestApp } from '../../../src/testing.js';
import { LoopbackServer, stream } from '../../services/providers/loopback/LoopbackServer.js';
import {
  messageDelta,
  messageStart,
  messageStop,
  textBlock,
  textMessage,
  toolBlock,
} from '../../support/anthropicStreams.js';
import { systemone } from '../../services/providers/loopback/classifierServers.js';
import { KEY, questions, useFolder } from './support.js';

const folder = useFolder();
const helpdesk = {
  model: 'writer',
  instructions: 'You are the help desk.',
  tools: { findInGuide: tool({ input: z.object({ words: z.string() }), run: () => 'Settings > Password (page 2)' }) },
};

/** Records a two-step run and a classification against live loopback servers. */
async function recorded() {
  const path = join(folder(), 'run.json');
  const server = await LoopbackServer.start();
  server.on(
    '/v1/messages',
    stream(
      messageStart(20) +
        textBlock(0, ['Looking.']) +
        toolBlock(1, 'toolu_9', 'findInGuide', ['{"words":"reset a password"}']) +
        messageDelta('tool_use', 8) +
        messageStop,
    ),
    stream(textMessage(['Open Settings, ', 'then Password.'], [40, 6])),
  );
  server.on('/v1/systemone', systemone());
  const app = createTestApp({
    models: { writer: { provider: 'anthropic', model: 'claude-test' } },
    providers: { anthropic: { baseURL: server.url(), apiKey: KEY }, typesafe: { baseURL: server.url(), apiKey: KEY } },
    classifier: { provider: 'typesafe' },
  });
  const cassette = app.cassette(path, { mode: 'record' });
  const run = await app.run(helpdesk, 'How do I reset my password?');
  const classified = await app.classify('My card was charged twice.', questions);
  await cassette.save();
  await server.close();
  return { path, run, classified, cassette };
}

describe('Cassette', () => {
  describe('.answers', () => {
    it("hands a model's recorded answers to app.fake, which runs the same conversation without the cassette", async () => {
      const { run, cassette } = await recorded();
      const answers = cassette.answers('writer');
      expect(answers).toEqual([
        {
          text: 'Looking.',
          calls: [{ id: 'toolu_9', tool: 'findInGuide', with: { words: 'reset a password' } }],
          units: { tokensIn: 20, tokensOut: 8 },
        },
        { text: 'Open Settings, then Password.', parts: [15], units: { tokensIn: 40, tokensOut: 6 } },
      ]);
      const app = createTestApp({ models: { writer: { provider: 'anthropic', model: 'claude-test' } } });
      const fake = app.fake('writer', answers);
      const again = await app.run(helpdesk, 'How do I reset my password?', { runId: run.runId });
      expect(again.text).toBe(run.text);
      expect(again.units).toEqual(run.units);
      expect(again.messages).toEqual(run.messages);
      await fake.verify();
    });

    it('replays a whole run from the file, step for step', async () => {
      const { path, run } = await recorded();
      const app = createTestApp({ models: { writer: { provider: 'anthropic', model: 'claude-test' } } });
      app.cassette(path);
      const again = await app.run(helpdesk, 'How do I reset my password?');
      expect(again.messages).toEqual(run.messages);
      expect(again.steps.map((s) => s.reply)).toEqual(run.steps.map((s) => s.reply));
    });
  });

  describe('.script', () => {
    it('hands the recorded classifications to app.fakeClassifier', async () => {
      const { classified, cassette } = await recorded();
      const app = createTestApp({});
      const fake = app.fakeClassifier(cassette.script());
      const again = await app.classify('My card was charged twice.', questions);
      expect(again.answers).toEqual(classified.answers);
      await fake.verify();
    });

    it('refuses an answer id __proto__ edited into the file with V0001, never reading it as a prototype', async () => {
      const { path } = await recorded();
      const text = await readFile(path, 'utf8');
      const edited = text.replace(/"answers": \{\n/, '"answers": {\n"__proto__": { "yesProbability": 0.5 },\n');
      expect(edited).not.toBe(text);
      await writeFile(path, edited);
      expect(() => createTestApp({}).cassette(path)).toThrow(
        expect.objectContaining({
          code: 'V0001',
          message: expect.stringContaining("answer.answers.__proto__: '__proto__' cannot be a question id. Remove it."),
        }),
      );
    });
  });
});
