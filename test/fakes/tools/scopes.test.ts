import { describe, expect, it } from 'vitest';
import { code } from '../../../src/index.js';
import { createTestApp, FakeTool } from '../../../src/testing.js';
import { config, guideTool } from './support.js';

const asksGuide = (words: string) => ({ calls: [{ tool: 'findInGuide', with: { words } }] });

function setup() {
  const app = createTestApp(config);
  const { findInGuide, ran } = guideTool();
  return { app, ran, agent: { model: 'writer', tools: { findInGuide } } };
}

describe(FakeTool, () => {
  describe('app.scope(id).fakeTool', () => {
    it('gives two scopes their own answers, run concurrently', async () => {
      const { app, agent } = setup();
      app.fake('writer', [asksGuide('a'), asksGuide('b'), { text: 'ok' }]);
      app.scope('ann').fakeTool('findInGuide', [{ output: 'ann-1' }, { output: 'ann-2' }]);
      app.scope('bob').fakeTool('findInGuide', [{ output: 'bob-1' }, { output: 'bob-2' }]);
      const [ann, bob] = await Promise.all([
        app.scope('ann', () => app.run(agent, 'q')),
        app.scope('bob', () => app.run(agent, 'q')),
      ]);
      expect(ann.steps.map((step) => step.results[0]?.output)).toEqual(['ann-1', 'ann-2', undefined]);
      expect(bob.steps.map((step) => step.results[0]?.output)).toEqual(['bob-1', 'bob-2', undefined]);
      await app.verify();
    });

    it('takes a list from its start in each scope for a fake of every scope', async () => {
      const { app, agent } = setup();
      app.fake('writer', [asksGuide('a'), { text: 'ok' }]);
      const guide = app.fakeTool('findInGuide', [{ output: 'first' }]);
      const runs = await Promise.all(['s1', 's2', 's3'].map((id) => app.scope(id, () => app.run(agent, 'q'))));
      expect(runs.map((run) => run.steps[0]!.results[0]!.output)).toEqual(['first', 'first', 'first']);
      expect(guide.sent.map((call) => call.scope).sort()).toEqual(['s1', 's2', 's3']);
      await app.verify();
    });

    it("answers from the scope's own fake over the fake of every scope", async () => {
      const { app, agent } = setup();
      app.fake('writer', [asksGuide('a'), { text: 'ok' }]);
      app.fakeTool('findInGuide', [{ output: 'everyone' }]);
      app.scope('vip').fakeTool('findInGuide', [{ output: 'vip' }]);
      const vip = await app.scope('vip', () => app.run(agent, 'q'));
      const other = await app.scope('other', () => app.run(agent, 'q'));
      expect([vip.steps[0]!.results[0]!.output, other.steps[0]!.results[0]!.output]).toEqual(['vip', 'everyone']);
    });

    it("names the scope's unused answer in app.verify()", async () => {
      const { app } = setup();
      app.scope('ann').fakeTool('findInGuide', [{ output: 1 }]);
      await expect(app.verify()).rejects.toThrow(
        /app\.scope\('ann'\)\.fakeTool\('findInGuide', answers\), in scope 'ann':\n {2}T0124 answers\[0\] \{"output":1\} never used/,
      );
    });

    it('fails a call in a scope only other scopes fake the tool for (T0120), never reaching the real run', async () => {
      const { app, ran, agent } = setup();
      app.fake('writer', [asksGuide('a'), { text: 'ok' }]);
      app.scope('t1').fakeTool('findInGuide', [{ output: 1 }]);
      const error = await app.scope('t2', () => app.run(agent, 'q')).catch((e: unknown) => e);
      expect(error).toMatchObject({ code: code.R0004 });
      expect((error as Error).message).toContain(
        "T0120: Tool 'findInGuide' is faked for scope 't1' only, and was called in scope 't2'",
      );
      expect(ran).toEqual([]);
    });
  });
});
