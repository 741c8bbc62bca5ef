import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createApp, tool, type Agent } from '../../../src/index.js';
import { Engine } from '../../../src/services/engine/Engine.js';
import { createTestApp, type SentCall } from '../../../src/testing.js';
import { messageDelta, messageStart, messageStop, textBlock, toolBlock } from '../../support/anthropicStreams.js';
import { KEY } from '../providers/loopback/callContext.js';
import { type LoopbackServer, stream } from '../providers/loopback/LoopbackServer.js';
import { callParts, chatStream, textParts } from '../../support/openaiStreams.js';
import { useLoopback } from '../providers/loopback/useLoopback.js';

let server: LoopbackServer;
useLoopback((started) => (server = started));

const findInGuide = tool({
  description: 'Finds guide pages.',
  input: z.object({ words: z.string() }),
  run: ({ words }) => `Page 2: ${words}.`,
});
const settings = {
  temperature: 0.2,
  topP: 0.9,
  maxOutputTokens: 64,
  stopSequences: ['END'],
  seed: 7,
  toolChoice: 'auto',
  providerOptions: { openai: { user: 'u-1' } },
} as const;
const agent: Agent = { model: 'writer', instructions: 'Answer from the guide.', tools: { findInGuide }, settings };
const twoSteps = [{ calls: [{ tool: 'findInGuide', with: { words: 'reset' } }] }, { text: 'Open Settings.' }];

const settingsOf = (sent: readonly SentCall[]) =>
  sent.map((call) => (call.call === 'reply' ? call.input.settings : undefined));

function fakeApp() {
  const app = createTestApp({ models: { writer: { provider: 'openai', model: 'gpt-test' } } });
  return { app, writer: app.fake('writer', twoSteps, agent) };
}

describe(Engine, () => {
  describe('.run with call settings', () => {
    it("sends the agent's settings with every step's request, as the fake's sent records", async () => {
      const { app, writer } = fakeApp();
      const run = await app.run(agent, 'How do I reset it?');
      expect(run.text).toBe('Open Settings.');
      expect(settingsOf(writer.sent)).toEqual([settings, settings]);
      expect(run.steps.map((step) => step.request.settings)).toEqual([settings, settings]);
    });

    it("lays the run's settings over the agent's field by field, merging providerOptions per provider", async () => {
      const { app, writer } = fakeApp();
      await app.run(agent, 'How do I reset it?', {
        settings: {
          temperature: 0,
          seed: undefined,
          providerOptions: { openai: { store: false }, anthropic: { x: 1 } },
        },
      });
      const { seed: _, ...unseeded } = settings;
      const expected = {
        ...unseeded,
        temperature: 0,
        providerOptions: { openai: { user: 'u-1', store: false }, anthropic: { x: 1 } },
      };
      expect(settingsOf(writer.sent)).toEqual([expected, expected]);
    });

    it('sends run settings when the agent has none, and no settings when neither has', async () => {
      const { app, writer } = fakeApp();
      const plain: Agent = { model: 'writer', tools: { findInGuide } };
      await app.run(plain, 'Hi', { settings: { maxOutputTokens: 10 } });
      expect(settingsOf(writer.sent)).toEqual([{ maxOutputTokens: 10 }, { maxOutputTokens: 10 }]);
      const other = fakeApp();
      await other.app.run(plain, 'Hi');
      expect(other.writer.sent).toHaveLength(2);
      expect(other.writer.sent.every((call) => call.call === 'reply' && !('settings' in call.input))).toBe(true);
    });

    it('rejects agent settings out of range with R0002, and run settings out of range with E0003, each with its path', async () => {
      const { app } = fakeApp();
      await expect(app.run({ ...agent, settings: { temperature: 3 } }, 'Hi')).rejects.toMatchObject({
        code: 'R0002',
        message: expect.stringContaining('agent.settings.temperature'),
      });
      await expect(app.run(agent, 'Hi', { settings: { topP: 2 } })).rejects.toMatchObject({
        code: 'E0003',
        message: expect.stringContaining('options.settings.topP'),
      });
      await expect(app.run(agent, 'Hi', { settings: { colour: 'red' } as never })).rejects.toMatchObject({
        code: 'E0003',
        message: expect.stringContaining('options.settings'),
      });
    });

    it('rejects a tool choice naming a tool the agent lacks with E0003, before any step', async () => {
      const { app, writer } = fakeApp();
      await expect(app.run({ ...agent, settings: { toolChoice: { tool: 'escalate' } } }, 'Hi')).rejects.toMatchObject({
        code: 'E0003',
        message: expect.stringContaining("agent.settings.toolChoice: names the tool 'escalate'"),
      });
      await expect(app.run(agent, 'Hi', { settings: { toolChoice: 'required' } })).resolves.toMatchObject({
        text: 'Open Settings.',
      });
      await expect(app.run({ model: 'writer' }, 'Hi', { settings: { toolChoice: 'required' } })).rejects.toMatchObject({
        code: 'E0003',
        message: expect.stringContaining("options.settings.toolChoice: is 'required'"),
      });
      expect(writer.sent).toHaveLength(2);
    });
  });

  describe('.streamRun with call settings', () => {
    it("sends the agent's and the run's settings with every step", async () => {
      const { app, writer } = fakeApp();
      const run = app.streamRun(agent, 'How do I reset it?', { settings: { seed: 9 } });
      let next = await run.next();
      while (!next.done) next = await run.next();
      expect(settingsOf(writer.sent)).toEqual([
        { ...settings, seed: 9 },
        { ...settings, seed: 9 },
      ]);
    });
  });

  describe('.run with call settings on the real adapters', () => {
    it('sends them in OpenAI wire form with every step', async () => {
      server.on(
        '/v1/chat/completions',
        stream(chatStream(callParts([{ id: 'call_1', tool: 'findInGuide', with: { words: 'reset' } }]))),
        stream(chatStream(textParts(['Open Settings.']))),
      );
      const app = createApp({
        models: { writer: { provider: 'openai', model: 'gpt-test' } },
        providers: { openai: { apiKey: KEY, baseURL: server.url('/v1') } },
      });
      const run = await app.run(agent, 'How do I reset it?', {
        settings: { toolChoice: { tool: 'findInGuide' }, maxOutputTokens: 32 },
      });
      expect(run.text).toBe('Open Settings.');
      const bodies = server
        .at('/v1/chat/completions')
        .map((request) => JSON.parse(request.body.toString()) as Record<string, unknown>);
      expect(bodies).toHaveLength(2);
      for (const body of bodies) {
        expect(body).toMatchObject({
          temperature: 0.2,
          top_p: 0.9,
          max_completion_tokens: 32,
          stop: ['END'],
          seed: 7,
          tool_choice: { type: 'function', function: { name: 'findInGuide' } },
          user: 'u-1',
        });
      }
    });

    it('sends them in Anthropic wire form with every step', async () => {
      server.on(
        '/v1/messages',
        stream(
          messageStart(20) +
            toolBlock(0, 'toolu_1', 'findInGuide', ['{"words":"reset"}']) +
            messageDelta('tool_use', 5) +
            messageStop,
        ),
        stream(messageStart(30) + textBlock(0, ['Open Settings.']) + messageDelta('end_turn', 3) + messageStop),
      );
      const app = createApp({
        models: { writer: { provider: 'anthropic', model: 'claude-test' } },
        providers: { anthropic: { apiKey: KEY, baseURL: server.url() } },
      });
      const run = await app.run(
        {
          ...agent,
          settings: { temperature: 0.4, topP: 0.8, maxOutputTokens: 50, stopSequences: ['END'], toolChoice: 'auto' },
        },
        'How do I reset it?',
      );
      expect(run.text).toBe('Open Settings.');
      const bodies = server
        .at('/v1/messages')
        .map((request) => JSON.parse(request.body.toString()) as Record<string, unknown>);
      expect(bodies).toHaveLength(2);
      for (const body of bodies)
        expect(body).toMatchObject({
          temperature: 0.4,
          top_p: 0.8,
          max_tokens: 50,
          stop_sequences: ['END'],
          tool_choice: { type: 'auto' },
        });
    });
  });
});
