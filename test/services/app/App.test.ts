import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { App, createApp, createEngine, Tokens, tool } from '../../../src/index.js';
import { Engine } from '../../../src/services/engine/Engine.js';
import { MemoryCursorStore } from '../../../src/conformance.js';
import { InstantClock } from '../../../src/testing.js';
import { createTestApp, TestApp } from '../../../src/testing.js';
import { asks, collect, says, scripted } from '../../support/providers.js';

const models = { writer: { provider: 'anthropic', model: 'claude-sonnet-4-5' } };

describe(createApp, () => {
  it('builds a container and answers an app that calls through its engine', () => {
    const app = createApp({ models });
    expect(app).toBeInstanceOf(App);
    expect(app.engine).toBe(app.container.get(Tokens.Engine));
    expect(app.id).toBe(app.engine.id);
  });

  it('rejects a bad config with its code', () => {
    expect(() => createApp({ models: { writer: { provider: 'anthropic', model: 'c', fallback: ['nope'] } } })).toThrow(
      expect.objectContaining({ code: 'C0002' }),
    );
  });
});

describe(App, () => {
  describe('.dispose', () => {
    it('unbinds every service of the container', async () => {
      const app = createApp({ models });
      await app.dispose();
      expect(app.container.isBound(Tokens.Engine)).toBe(false);
    });
  });

  describe('.scope', () => {
    it('runs the function in a cursor scope of this app', () => {
      const app = createApp({ models });
      expect(app.scope('s', () => app.container.get(Tokens.Scopes).current())).toBe('s');
    });
  });
});

describe(createTestApp, () => {
  it('answers a test app on a test container', () => {
    const app = createTestApp({ models });
    expect(app).toBeInstanceOf(TestApp);
    expect(app.clock).toBeInstanceOf(InstantClock);
  });
});

describe(createEngine, () => {
  it('takes providers handed in by name, so no real adapter is needed', async () => {
    const anthropic = scripted([
      asks({ tool: 'findInGuide', with: { words: 'reset a password' } }),
      says('Open Settings, then Password.'),
    ]);
    const engine = createEngine({ models, makers: { providers: () => ({ anthropic }) } });
    expect(engine).toBeInstanceOf(Engine);
    const findInGuide = tool({ input: z.object({ words: z.string() }), run: () => 'page 2' });
    const run = await engine.run({ model: 'writer', tools: { findInGuide } }, 'How do I reset my password?');
    expect(run.text).toBe('Open Settings, then Password.');
    expect(await collect(engine.stream('writer', { messages: 'x' }))).toEqual(says('Open Settings, then Password.'));
  });

  it('takes a clock and a cursor store', () => {
    const clock = new InstantClock(9);
    const cursorStore = new MemoryCursorStore();
    const engine = createEngine({ models, makers: { clock: () => clock, cursorStore: () => cursorStore } });
    expect(engine).toBeInstanceOf(Engine);
  });

  it('parses the config like any container', () => {
    expect(() => createEngine({ models: { writer: { provider: 'anthropic' } } } as never)).toThrow(
      expect.objectContaining({ code: 'C0001' }),
    );
  });

  it('scopes cursors like an app', async () => {
    const seen: string[] = [];
    const anthropic = scripted((_, context) => (seen.push(context.scope), says('x')));
    const engine = createEngine({ models, makers: { providers: () => ({ anthropic }) } });
    await engine.scope('job-1', () => engine.reply('writer', { messages: 'x' }));
    expect(seen).toEqual(['job-1']);
  });
});
