import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CallFailed, code, tool, type Agent } from '../../src/index.js';
import { createTestApp } from '../../src/testing.js';

const config = { models: { writer: { provider: 'anthropic', model: 'claude-sonnet-4-5' } } } as const;
const findInGuide = tool({ input: z.object({ words: z.string() }), run: ({ words }) => `page about ${words}` });
const helpdesk: Agent = { model: 'writer', tools: { findInGuide } };

describe('docs/testing.md', () => {
  describe('Strict tools', () => {
    it('fails a run on a bad scripted call, and hands it to the model with strictTools: false, per run or per app', async () => {
      const bad = [{ calls: [{ tool: 'findInGuide', with: { word: 'x' } }] }, { text: 'sorry' }];
      const app = createTestApp(config);
      app.fake('writer', bad);
      await expect(app.run(helpdesk, 'q')).rejects.toMatchObject({ code: code.R0004 });
      app.fake('writer', bad);
      await app.run(helpdesk, 'q', { strictTools: false }); // this run: the model reads the error
      const loose = createTestApp(config, { strictTools: false }); // every run of this app
      loose.fake('writer', bad);
      expect((await loose.run(helpdesk, 'q')).text).toBe('sorry');
      expect(() => createTestApp(config).fake('writer', bad, helpdesk)).toThrow(
        expect.objectContaining({ code: code.T0045 }),
      );
    });
  });

  describe('Retries: fail n times, fail after n parts', () => {
    it('runs both examples as written', async () => {
      const app = createTestApp(config);
      app.fake('writer', [{ fail: 'server', times: 2 }, { text: 'ok' }]);
      expect((await app.reply('writer', { messages: 'Hi' })).text).toBe('ok'); // 'ok' on the third try
      expect(app.clock.slept).toHaveLength(2);

      app.fake('writer', [{ text: 'Hello', fail: 'network', failAfter: 1 }]);
      const texts: string[] = [];
      const error = await (async () => {
        for await (const part of app.stream('writer', { messages: 'Hi' }))
          if (part.type === 'text') texts.push(part.text);
      })().catch((e: unknown) => e);
      expect(texts).toEqual(['Hello']);
      expect(error).toBeInstanceOf(CallFailed);
    });
  });
});
