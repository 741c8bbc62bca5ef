import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createApp, type ContentPart } from '../../../src/index.js';
import { messageDelta, messageStart, messageStop, textBlock } from '../../support/anthropicStreams.js';
import { KEY } from './loopback/callContext.js';
import { type LoopbackServer, stream } from './loopback/LoopbackServer.js';
import { chatStream, textParts } from '../../support/openaiStreams.js';
import { useLoopback } from './loopback/useLoopback.js';

let server: LoopbackServer;
useLoopback((started) => (server = started));

const png = new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10, 0, 1]);
const pdf = new Uint8Array([37, 80, 68, 70, 45, 49]);
const wav = new Uint8Array([82, 73, 70, 70, 0, 0]);
const b64 = (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64');

function openaiApp() {
  server.on('/v1/chat/completions', stream(chatStream(textParts(['Seen.']))));
  return createApp({
    models: { writer: { provider: 'openai', model: 'gpt-test' } },
    providers: { openai: { apiKey: KEY, baseURL: server.url('/v1') } },
  });
}

function anthropicApp() {
  server.on(
    '/v1/messages',
    stream(messageStart(10) + textBlock(0, ['Seen.']) + messageDelta('end_turn', 2) + messageStop),
  );
  return createApp({
    models: { writer: { provider: 'anthropic', model: 'claude-test' } },
    providers: { anthropic: { apiKey: KEY, baseURL: server.url() } },
  });
}

const body = (path: string): Record<string, unknown> =>
  JSON.parse(server.at(path)[0]!.body.toString()) as Record<string, unknown>;

describe('OpenAIProvider', () => {
  describe('.reply with images, files and settings', () => {
    it('sends text, images by URL and by bytes, a PDF and a wav as Chat Completions content parts', async () => {
      const content: ContentPart[] = [
        { type: 'text', text: 'Compare these.' },
        { type: 'image', url: 'https://example.com/a.png' },
        { type: 'image', bytes: png, mediaType: 'image/png' },
        { type: 'file', bytes: pdf, mediaType: 'application/pdf', name: 'guide.pdf' },
        { type: 'file', bytes: wav, mediaType: 'audio/wav' },
      ];
      await openaiApp().reply('writer', { messages: [{ role: 'user', content }] });
      expect(body('/v1/chat/completions').messages).toEqual([
        {
          role: 'user',
          content: [
            { type: 'text', text: 'Compare these.' },
            { type: 'image_url', image_url: { url: 'https://example.com/a.png' } },
            { type: 'image_url', image_url: { url: `data:image/png;base64,${b64(png)}` } },
            { type: 'file', file: { filename: 'guide.pdf', file_data: `data:application/pdf;base64,${b64(pdf)}` } },
            { type: 'input_audio', input_audio: { data: b64(wav), format: 'wav' } },
          ],
        },
      ]);
    });

    it('sends every setting in its wire form, and the providerOptions of its name as body fields', async () => {
      const search = { input: z.object({ words: z.string() }), run: () => 'ok' };
      await openaiApp().reply('writer', {
        messages: 'Hi',
        tools: { search },
        settings: {
          temperature: 0.3,
          topP: 0.9,
          maxOutputTokens: 99,
          stopSequences: ['END'],
          seed: 42,
          toolChoice: { tool: 'search' },
          providerOptions: { openai: { user: 'u-1' }, anthropic: { ignored: true } },
        },
      });
      expect(body('/v1/chat/completions')).toMatchObject({
        temperature: 0.3,
        top_p: 0.9,
        max_completion_tokens: 99,
        stop: ['END'],
        seed: 42,
        tool_choice: { type: 'function', function: { name: 'search' } },
        user: 'u-1',
      });
      expect(body('/v1/chat/completions')).not.toHaveProperty('ignored');
    });

    it('refuses a file by URL and a file type it cannot read with E0020, before anything is sent', async () => {
      const app = openaiApp();
      await expect(
        app.reply('writer', {
          messages: [
            {
              role: 'user',
              content: [{ type: 'file', url: 'https://example.com/g.pdf', mediaType: 'application/pdf' }],
            },
          ],
        }),
      ).rejects.toMatchObject({
        code: 'E0020',
        message: expect.stringContaining('request.messages[0].content[0]: OpenAI chat cannot take a file by URL'),
      });
      await expect(
        app.reply('writer', {
          messages: [{ role: 'user', content: [{ type: 'file', bytes: pdf, mediaType: 'text/csv' }] }],
        }),
      ).rejects.toMatchObject({ code: 'E0020' });
      expect(server.at('/v1/chat/completions')).toHaveLength(0);
    });

    it('refuses more than 4 stop sequences with E0021', async () => {
      await expect(
        openaiApp().reply('writer', { messages: 'Hi', settings: { stopSequences: ['a', 'b', 'c', 'd', 'e'] } }),
      ).rejects.toMatchObject({ code: 'E0021' });
    });
  });
});

describe('AnthropicProvider', () => {
  describe('.reply with images, files and settings', () => {
    it('sends images by URL and by bytes, a PDF and a text file as Messages API blocks', async () => {
      const content: ContentPart[] = [
        { type: 'text', text: 'Compare these.' },
        { type: 'image', url: 'https://example.com/a.png' },
        { type: 'image', bytes: png, mediaType: 'image/png' },
        { type: 'file', url: 'https://example.com/g.pdf', mediaType: 'application/pdf' },
        { type: 'file', bytes: pdf, mediaType: 'application/pdf', name: 'guide.pdf' },
        { type: 'file', bytes: new TextEncoder().encode('Plain notes.'), mediaType: 'text/plain' },
      ];
      await anthropicApp().reply('writer', { messages: [{ role: 'user', content }] });
      expect(body('/v1/messages').messages).toEqual([
        {
          role: 'user',
          content: [
            { type: 'text', text: 'Compare these.' },
            { type: 'image', source: { type: 'url', url: 'https://example.com/a.png' } },
            { type: 'image', source: { type: 'base64', media_type: 'image/png', data: b64(png) } },
            { type: 'document', source: { type: 'url', url: 'https://example.com/g.pdf' } },
            {
              type: 'document',
              source: { type: 'base64', media_type: 'application/pdf', data: b64(pdf) },
              title: 'guide.pdf',
            },
            { type: 'document', source: { type: 'text', media_type: 'text/plain', data: 'Plain notes.' } },
          ],
        },
      ]);
    });

    it('sends every setting in its wire form and drops seed, which the API has no place for', async () => {
      await anthropicApp().reply('writer', {
        messages: 'Hi',
        settings: {
          temperature: 0.5,
          topP: 0.8,
          maxOutputTokens: 77,
          stopSequences: ['END'],
          seed: 42,
          toolChoice: 'auto',
          providerOptions: { anthropic: { metadata: { user_id: 'u-1' } } },
        },
      });
      const sent = body('/v1/messages');
      expect(sent).toMatchObject({
        temperature: 0.5,
        top_p: 0.8,
        max_tokens: 77,
        stop_sequences: ['END'],
        tool_choice: { type: 'auto' },
        metadata: { user_id: 'u-1' },
      });
      expect(sent).not.toHaveProperty('seed');
    });

    it('refuses an image type it cannot read with E0020, and a temperature above 1 with E0021', async () => {
      const app = anthropicApp();
      await expect(
        app.reply('writer', {
          messages: [{ role: 'user', content: [{ type: 'image', bytes: png, mediaType: 'image/tiff' }] }],
        }),
      ).rejects.toMatchObject({ code: 'E0020' });
      await expect(app.reply('writer', { messages: 'Hi', settings: { temperature: 1.5 } })).rejects.toMatchObject({
        code: 'E0021',
      });
      expect(server.at('/v1/messages')).toHaveLength(0);
    });
  });
});

describe('the request check', () => {
  it('rejects bad parts and settings with E0003 and their paths', async () => {
    const app = openaiApp();
    await expect(
      app.reply('writer', {
        messages: [{ role: 'user', content: [{ type: 'image', url: 'ftp://example.com/a.png' }] }],
      }),
    ).rejects.toMatchObject({ code: 'E0003' });
    await expect(
      app.reply('writer', {
        messages: [
          { role: 'user', content: [{ type: 'file', bytes: new Uint8Array(), mediaType: 'application/pdf' }] },
        ],
      }),
    ).rejects.toMatchObject({ code: 'E0003' });
    await expect(app.reply('writer', { messages: 'Hi', settings: { temperature: 3 } })).rejects.toMatchObject({
      code: 'E0003',
      message: expect.stringContaining('request.settings.temperature'),
    });
    await expect(
      app.reply('writer', { messages: 'Hi', settings: { toolChoice: { tool: 'search' } } }),
    ).rejects.toMatchObject({ code: 'E0003', message: expect.stringContaining("names the tool 'search'") });
    expect(server.at('/v1/chat/completions')).toHaveLength(0);
  });
});
