import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { StandinError } from '../../src/errors/StandinError.js';
import { inspectorPage } from '../../src/server/inspectorPage.js';
import { createTestApp, imageByHash } from '../../src/testing.js';

const config = { models: { writer: { provider: 'openai', model: 'gpt-4.1-mini' } } };

describe('TestApp', () => {
  describe('.transcript', () => {
    it('shows each scope apart, and one scope alone when asked', async () => {
      const app = createTestApp(config);
      app.fake('writer', [{ text: 'Hello, Ann' }, { text: 'Hello, Bob' }]);
      await app.scope('b', () => app.reply('writer', { messages: 'Hi, I am Bob' }));
      await app.scope('a', () => app.reply('writer', { messages: 'Hi, I am Ann' }));

      expect(app.transcript()).toBe(
        [
          "scope 'a'",
          '  call 1 · writer reply',
          '    > user: Hi, I am Ann',
          '    < text: Hello, Ann',
          "scope 'b'",
          '  call 1 · writer reply',
          '    > user: Hi, I am Bob',
          '    < text: Hello, Ann',
          '',
        ].join('\n'),
      );
      expect(app.transcript({ scope: 'a' })).not.toContain('Bob');
      expect(createTestApp(config).transcript()).toBe('(no steps)\n');
    });

    it('shows bytes (an image) as their length and digest, not as numbers', async () => {
      const app = createTestApp({ models: { painter: { provider: 'openai', model: 'gpt-image-1' } } });
      app.fake('painter', { image: imageByHash() });
      const [picture] = await app.image('painter', 'A lighthouse', { size: '8x8' });
      const digest = createHash('sha256').update(picture!.bytes).digest('hex').slice(0, 12);
      expect(app.transcript()).toContain(`"bytes":"<${picture!.bytes.length} bytes sha256:${digest}>"`);
    });

    it('scrubs what a cassette scrubs: a configured key a user typed into a message', async () => {
      const key = 'sk-typed-into-a-message-5521';
      const app = createTestApp({ ...config, providers: { openai: { apiKey: key } } });
      app.fake('writer', [{ text: `Noted: ${key}` }]);
      await app.reply('writer', { messages: `My key is ${key}, keep it.` });
      const transcript = app.transcript();
      expect(transcript).not.toContain(key);
      expect(transcript).toContain('My key is [redacted], keep it.');
      expect(transcript).toContain('Noted: [redacted]');
    });

    it('refuses options other than { scope } with T0065', () => {
      const app = createTestApp(config);
      for (const options of [{ scop: 'a' }, { scope: 1 }, 'a']) {
        const error = (() => {
          try {
            app.transcript(options as never);
          } catch (thrown) {
            return thrown;
          }
        })() as StandinError;
        expect(error).toBeInstanceOf(StandinError);
        expect(error.code).toBe('T0065');
      }
    });
  });
});

describe(inspectorPage, () => {
  it('embeds a view so that no text of it can end its script element', () => {
    const step = { scope: '', run: 'call 1', step: undefined, attempt: 1, model: 'm', call: 'reply' };
    const html = inspectorPage({
      title: '</script><script>alert(1)</script>',
      live: false,
      scopes: [{ scope: '', steps: [{ ...step, request: ['<img src=x>'], answer: [] }], pending: [], verify: [] }],
    });

    expect(html).not.toContain('</script><script>alert(1)');
    expect(html).not.toContain('<img src=x>');
    expect(html).toContain("connect-src 'none'");
  });
});
