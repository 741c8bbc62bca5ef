/**
 * The examples of the README's AI SDK sections, as they are written there, so the docs cannot drift from what works.
 */
import { createAnthropic } from '@ai-sdk/anthropic';
import { generateText } from 'ai';
import { ContainerModule } from 'inversify';
import { createApp, Tokens } from 'standin';
import { fromAiSdk, languageModel } from 'standin/ai-sdk';
import { createTestApp } from 'standin/testing';
import { describe, expect, it, vi } from 'vitest';
import { messageDelta, messageStart, messageStop, textBlock } from '../services/providers/loopback/anthropicWire.js';
import { KEY } from '../services/providers/loopback/callContext.js';
import { type LoopbackServer, stream } from '../services/providers/loopback/LoopbackServer.js';
import { useLoopback } from '../services/providers/loopback/useLoopback.js';

let server: LoopbackServer;
useLoopback((started) => (server = started));

describe("the README's AI SDK sections", () => {
  it('Testing an AI SDK app with standin', async () => {

    const app = createTestApp({ models: { writer: { provider: 'openai', model: 'gpt-4.1-mini' } } });
    const writer = app.fake('writer', [{ text: 'Hello!' }]);

    const { text } = await generateText({ model: languageModel(app, 'writer'), prompt: 'Say hello.' }); // 'Hello!'
    await writer.verify();

    expect(text).toBe('Hello!');
  });

  it('Using any AI SDK provider (the Anthropic API answered by a loopback server)', async () => {
    vi.stubEnv('ANTHROPIC_API_KEY', KEY);
    vi.stubEnv('ANTHROPIC_BASE_URL', server.url('/v1'));
    server.on('/v1/messages', stream(messageStart(9) + textBlock(0, ['Hello!']) + messageDelta('end_turn', 2) + messageStop));

    const anthropic = createAnthropic(); // reads ANTHROPIC_API_KEY
    const app = createApp(
      { models: { writer: { provider: 'claude', model: 'claude-sonnet-4-5' } } },
      new ContainerModule(({ bind }) => {
        bind(Tokens.Provider).toConstantValue(fromAiSdk(anthropic, { apiKey: process.env.ANTHROPIC_API_KEY })).whenNamed('claude');
      }),
    );
    const reply = await app.reply('writer', { messages: 'Say hello.' });

    expect(reply.text).toBe('Hello!');
    expect(JSON.parse(server.at('/v1/messages')[0]!.body.toString())).toMatchObject({ model: 'claude-sonnet-4-5', messages: [{ role: 'user', content: [{ type: 'text', text: 'Say hello.' }] }] });
  });

  it('Images, files and call settings', async () => {
    const app = createTestApp({ models: { writer: { provider: 'openai', model: 'gpt-4.1-mini' } } });
    const writer = app.fake('writer', [{ text: 'A cat.' }]);

    await app.reply('writer', {
      messages: [{ role: 'user', content: [{ type: 'text', text: 'What is this?' }, { type: 'image', url: 'https://example.com/cat.png' }] }],
      settings: { temperature: 0, maxOutputTokens: 200 },
    });

    expect(writer.sent[0]).toMatchObject({ call: 'reply', input: { settings: { temperature: 0, maxOutputTokens: 200 } } });
  });
});
