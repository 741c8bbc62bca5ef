/**
 * The examples of the AI SDK pages (docs/ai-sdk.md, and the call settings of docs/app.md), as they
 * are written there, so the docs cannot drift from what works.
 */
import { createAnthropic } from '@ai-sdk/anthropic';
import { generateText } from 'ai';
import { ContainerModule } from 'inversify';
import { createApp, Tokens } from 'standin';
import { fromAiSdk, languageModel } from 'standin/ai-sdk';
import { createTestApp } from 'standin/testing';
import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { messageDelta, messageStart, messageStop, textBlock } from '../support/anthropicStreams.js';
import { KEY } from '../services/providers/loopback/callContext.js';
import { type LoopbackServer, stream } from '../services/providers/loopback/LoopbackServer.js';
import { useLoopback } from '../services/providers/loopback/useLoopback.js';

let server: LoopbackServer;
useLoopback((started) => (server = started));

/** The code blocks of the section of `page` (under docs/) headed `heading`, each without its imports and its lines' indentation. */
function docBlocks(page: string, heading: string): string[] {
  const text = readFileSync(new URL(`../../docs/${page}`, import.meta.url), 'utf8');
  const start = text.indexOf(`\n## ${heading}\n`);
  expect(start).toBeGreaterThanOrEqual(0);
  const end = text.indexOf('\n## ', start + 1);
  const section = text.slice(start, end < 0 ? undefined : end);
  return [...section.matchAll(/```ts\n([\s\S]*?)```/g)].map((match) =>
    match[1]!
      .replace(/^import .*\n/gm, '')
      .replace(/^[ \t]+/gm, '')
      .trim(),
  );
}

/** This file's text with each line's indentation taken off, so a block indented in a test reads as in the docs. */
const here = readFileSync(new URL(import.meta.url), 'utf8').replace(/^[ \t]+/gm, '');

describe("the docs' AI SDK sections", () => {
  it.each([
    ['ai-sdk.md', 'Testing an AI SDK app with standin'],
    ['ai-sdk.md', 'Using any AI SDK provider'],
    ['app.md', 'Images, files and call settings'],
  ])('the code of %s "%s" is the code tested here, as written', (page, heading) => {
    const blocks = docBlocks(page, heading);
    expect(blocks.length).toBeGreaterThan(0);
    for (const block of blocks) expect(here).toContain(block);
  });

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
    server.on(
      '/v1/messages',
      stream(messageStart(9) + textBlock(0, ['Hello!']) + messageDelta('end_turn', 2) + messageStop),
    );

    const anthropic = createAnthropic(); // reads ANTHROPIC_API_KEY
    const app = createApp(
      { models: { writer: { provider: 'claude', model: 'claude-sonnet-4-5' } } },
      new ContainerModule(({ bind }) => {
        bind(Tokens.Provider)
          .toConstantValue(fromAiSdk(anthropic, { apiKey: process.env.ANTHROPIC_API_KEY }))
          .whenNamed('claude');
      }),
    );
    const reply = await app.reply('writer', { messages: 'Say hello.' });

    expect(reply.text).toBe('Hello!');
    expect(JSON.parse(server.at('/v1/messages')[0]!.body.toString())).toMatchObject({
      model: 'claude-sonnet-4-5',
      messages: [{ role: 'user', content: [{ type: 'text', text: 'Say hello.' }] }],
    });
  });

  it('Images, files and call settings', async () => {
    const app = createTestApp({ models: { writer: { provider: 'openai', model: 'gpt-4.1-mini' } } });
    const writer = app.fake('writer', [{ text: 'A cat.' }]);

    await app.reply('writer', {
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'What is this?' },
            { type: 'image', url: 'https://example.com/cat.png' },
          ],
        },
      ],
      settings: { temperature: 0, maxOutputTokens: 200 },
    });

    expect(writer.sent[0]).toMatchObject({
      call: 'reply',
      input: { settings: { temperature: 0, maxOutputTokens: 200 } },
    });
  });
});
