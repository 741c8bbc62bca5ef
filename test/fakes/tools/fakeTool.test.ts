import { describe, expect, it } from 'vitest';
import { code, type StandinError } from '../../../src/index.js';
import { createTestApp, FakeTool, ToolError, type TestApp } from '../../../src/testing.js';
import { config, guideTool, helpdesk } from './support.js';

const asksGuide = (words: string) => ({ calls: [{ tool: 'findInGuide', with: { words } }] });

function appWithGuide(): { app: TestApp; ran: unknown[]; agent: { model: string; tools: Record<string, never> } } {
  const app = createTestApp(config);
  const { findInGuide, ran } = guideTool();
  return { app, ran, agent: { model: 'writer', tools: { findInGuide } as never } };
}

describe(FakeTool, () => {
  describe('app.fakeTool', () => {
    it('answers an app tool and an MCP-style tool of one agent, and app.verify() names the unused answer', async () => {
      const app = createTestApp(config);
      const { agent, ran } = helpdesk(app);
      app.fake('writer', [
        { calls: [{ tool: 'findInGuide', with: { words: 'refund' } }] },
        { calls: [{ tool: 'openTicket', with: { subject: 'refund' } }] },
        { text: 'Ticket 7 is open. (Guide, page 2)' },
      ]);
      const guide = app.fakeTool('findInGuide', [{ output: { pages: [2] } }, { output: { pages: [3] } }]);
      const tickets = app.fakeTool('openTicket', [{ output: { id: 7 } }]);
      const run = await app.run(agent, 'I want a refund.');
      expect(run.text).toBe('Ticket 7 is open. (Guide, page 2)');
      expect(run.steps[0]!.results).toEqual([expect.objectContaining({ tool: 'findInGuide', output: { pages: [2] } })]);
      expect(run.steps[1]!.results).toEqual([expect.objectContaining({ tool: 'openTicket', output: { id: 7 } })]);
      expect(ran).toEqual([]);
      await tickets.verify();
      const error = await app.verify().catch((e: unknown) => e);
      expect(error).toMatchObject({ code: 'T0049' });
      expect((error as Error).message).toContain(
        `app.fakeTool('findInGuide', answers), in the default scope:\n  T0124 answers[1] {"output":{"pages":[3]}} never used`,
      );
      expect(await guide.pending()).toEqual([
        { tool: 'findInGuide', scope: '', index: 1, answer: { output: { pages: [3] } } },
      ]);
      expect(await app.pending()).toEqual([
        expect.objectContaining({ code: 'T0124', standIn: "app.fakeTool('findInGuide', answers)" }),
      ]);
    });

    it('never calls the tool’s own run', async () => {
      const { app, ran, agent } = appWithGuide();
      app.fake('writer', [asksGuide('a'), asksGuide('b'), { text: 'done' }]);
      app.fakeTool('findInGuide', [{ output: 1 }, { output: 2 }]);
      await app.run(agent, 'q');
      expect(ran).toEqual([]);
    });

    it('gives the model a { fail } as the tool’s error, with strict tools too', async () => {
      const { app, agent } = appWithGuide();
      const writer = app.fake('writer', [asksGuide('refund'), { text: 'The guide is down; try later.' }]);
      app.fakeTool('findInGuide', [{ fail: 'The guide is down.' }]);
      const run = await app.run(agent, 'q');
      expect(run.steps[0]!.results).toEqual([expect.objectContaining({ error: 'The guide is down.' })]);
      expect(JSON.stringify(writer.sent[1]!.input)).toContain('The guide is down.');
      await app.verify();
    });

    it('answers with a function of the input and the call', async () => {
      const { app, agent } = appWithGuide();
      app.fake('writer', [asksGuide('refund'), { text: 'ok' }]);
      const seen: unknown[] = [];
      app.fakeTool('findInGuide', (input, context) => {
        seen.push(context.runId !== undefined && context.step === 0 && typeof context.callId === 'string');
        return { echoed: input };
      });
      const run = await app.run(agent, 'q');
      expect(run.steps[0]!.results[0]!.output).toEqual({ echoed: { words: 'refund' } });
      expect(seen).toEqual([true]);
      await app.verify();
    });

    it('lets a function answer fail the call with a ToolError the model reads', async () => {
      const { app, agent } = appWithGuide();
      app.fake('writer', [asksGuide('refund'), { text: 'ok' }]);
      app.fakeTool('findInGuide', async () => {
        throw new ToolError('No page mentions refund.');
      });
      const run = await app.run(agent, 'q');
      expect(run.steps[0]!.results[0]!.error).toBe('No page mentions refund.');
    });

    it('lists each call in sent: input, scope, run, step and call id', async () => {
      const { app, agent } = appWithGuide();
      app.fake('writer', [asksGuide('refund'), { text: 'ok' }]);
      const guide = app.fakeTool('findInGuide', [{ output: 1 }]);
      const run = await app.scope('t1', () => app.run(agent, 'q'));
      expect(guide.sent).toEqual([
        {
          tool: 'findInGuide',
          input: { words: 'refund' },
          scope: 't1',
          runId: run.runId,
          step: 0,
          callId: expect.any(String),
        },
      ]);
      expect(Object.isFrozen(guide.sent)).toBe(true);
    });

    it('throws T0123 for a call past the last answer and keeps it for verify()', async () => {
      const { app, agent } = appWithGuide();
      app.fake('writer', [asksGuide('a'), asksGuide('b'), { text: 'ok' }]);
      const guide = app.fakeTool('findInGuide', [{ output: 1 }]);
      const error = await app.run(agent, 'q').catch((e: unknown) => e);
      expect(error).toMatchObject({ code: code.R0004 });
      expect((error as StandinError).cause).toMatchObject({ code: 'T0123' });
      expect(((error as StandinError).cause as Error).message).toContain(
        "tool 'findInGuide' was called 2 times outside any scope, and answers holds 1 answer: call 2 has none",
      );
      await expect(guide.verify()).rejects.toThrow(/T0125[\s\S]*T0123/);
      await expect(app.verify()).rejects.toThrow(/T0125 .*T0123/);
    });

    it('replaces the fake of the tool when faked again', async () => {
      const { app, agent } = appWithGuide();
      app.fake('writer', [asksGuide('a'), { text: 'ok' }]);
      app.fakeTool('findInGuide', [{ output: 'first' }]);
      const second = app.fakeTool('findInGuide', [{ output: 'second' }]);
      const run = await app.run(agent, 'q');
      expect(run.steps[0]!.results[0]!.output).toBe('second');
      await app.verify();
      expect(second.sent).toHaveLength(1);
    });

    it('is taken off by app.reset(): the real run answers, and sent is emptied', async () => {
      const { app, ran, agent } = appWithGuide();
      const guide = app.fakeTool('findInGuide', [{ output: 1 }, { output: 2 }]);
      app.fake('writer', [asksGuide('a'), { text: 'ok' }]);
      await app.run(agent, 'q');
      await app.reset();
      expect(guide.sent).toEqual([]);
      await app.verify();
      app.fake('writer', [asksGuide('b'), { text: 'ok' }]);
      const run = await app.run(agent, 'q');
      expect(run.steps[0]!.results[0]!.output).toEqual({ pages: [99] });
      expect(ran).toEqual([{ words: 'b' }]);
    });

    it('refuses answers that are not { output } / { fail } entries with T0122, naming the path', () => {
      const app = createTestApp(config);
      const cases: [unknown, string][] = [
        [[{ output: 1, fail: 'x' }], 'answers[0]: give exactly one of output'],
        [[{ fail: 3 }], 'answers[0].fail: expected a string, got a number'],
        [[{ output: 1 }, { ouput: 1 }], "answers[1].ouput: unknown key 'ouput'"],
        [[{ output: { at: new Date() } }], 'answers[0].output.at: expected a JSON value'],
        ['yes', 'answers: expected an array, got a string'],
      ];
      for (const [answers, line] of cases) {
        const error = (() => {
          try {
            app.fakeTool('findInGuide', answers as never);
          } catch (e) {
            return e;
          }
        })();
        expect(error).toMatchObject({ code: 'T0122' });
        expect((error as Error).message).toContain(line);
      }
    });

    it('refuses a name that is no tool name with T0127', () => {
      const app = createTestApp(config);
      expect(() => app.fakeTool('', [])).toThrow(/T0127/);
      expect(() => app.fakeTool(7 as never, [])).toThrow(/T0127/);
    });
  });
});
