import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, FakeTool, type TestApp } from '../../../src/testing.js';
import { startRedis, type RedisServer } from '../../support/redis.js';
import { config, guideTool } from './support.js';

let server: RedisServer;
beforeAll(async () => {
  server = await startRedis();
}, 60_000);
afterAll(() => server?.stop());

const apps: TestApp[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.dispose()));
});

/** Two apps of one fresh namespace, each with its own connection: as two processes would be. */
function pair(): [TestApp, TestApp] {
  const namespace = `ns-${randomUUID()}`;
  const make = () => createTestApp({ ...config, cursors: { store: 'redis', url: server.url, namespace } });
  const made: [TestApp, TestApp] = [make(), make()];
  apps.push(...made);
  return made;
}

const asksGuide = { calls: [{ tool: 'findInGuide', with: { words: 'refund' } }] };
/** The model's answers for `runs` runs in one scope: each asks for the tool once, then ends. */
const runsOf = (runs: number) => Array.from({ length: runs }, () => [asksGuide, { text: 'ok' }]).flat();

/** Runs the agent once in `app`, in `scope`, and answers what the tool gave the model. */
async function toolResult(app: TestApp, scope: string): Promise<unknown> {
  const { findInGuide } = guideTool();
  const run = await app.scope(scope, () => app.run({ model: 'writer', tools: { findInGuide } }, 'q'));
  const result = run.steps[0]!.results[0]!;
  return result.error ?? result.output;
}

describe(FakeTool, () => {
  describe('app.fakeTool in a namespace', () => {
    it('answers the calls of every app of the namespace from the published list, one per call, per scope', async () => {
      const [tester, instance] = pair();
      tester.fake('writer', runsOf(3));
      const guide = tester.fakeTool('findInGuide', [{ output: 'one' }, { output: 'two' }, { fail: 'three' }]);
      await tester.ready();
      const said = [
        await toolResult(instance, 'conversation'),
        await toolResult(tester, 'conversation'),
        await toolResult(instance, 'conversation'),
        await toolResult(instance, 'other'),
      ];
      expect(said).toEqual(['one', 'two', 'three', 'one']);
      expect(await guide.pending('conversation')).toEqual([]);
      await expect(guide.verify()).rejects.toThrow(/In scope 'other': answers\[1\] \{"output":"two"\} never used/);
    });

    it('reports in the publishing app a call past the last answer another app made (T0123)', async () => {
      const [tester, instance] = pair();
      tester.fake('writer', runsOf(2));
      const guide = tester.fakeTool('findInGuide', [{ output: 'one' }]);
      await tester.ready();
      expect(await toolResult(instance, 's')).toBe('one');
      const error = await toolResult(instance, 's').catch((e: unknown) => e);
      expect((error as { cause?: { code?: string } }).cause?.code).toBe('T0123');
      await expect(guide.verify()).rejects.toThrow(/T0125[\s\S]*T0123/);
      await expect(instance.verify()).rejects.toThrow(/T0123/);
    });

    it('lets a tool no app faked run its own run', async () => {
      const [tester, instance] = pair();
      tester.fake('writer', [asksGuide, { text: 'ok' }]);
      await tester.ready();
      expect(await toolResult(instance, 's')).toEqual({ pages: [99] });
    });

    it('refuses a function with D0006, and a scope fake with T0044', () => {
      const [tester] = pair();
      expect(() => tester.fakeTool('findInGuide', () => 1)).toThrow(/D0006/);
      expect(() => tester.scope('s').fakeTool('findInGuide', [])).toThrow(/T0044/);
    });
  });

  describe('app.fakeMcp in a namespace', () => {
    /** Two apps of one fresh namespace whose config has the MCP server 'tickets', which no test starts. */
    function mcpPair(): [TestApp, TestApp] {
      const namespace = `ns-${randomUUID()}`;
      const make = () =>
        createTestApp({
          ...config,
          cursors: { store: 'redis', url: server.url, namespace },
          mcp: { servers: { tickets: { url: 'http://127.0.0.1:9/mcp' } } },
        });
      const made: [TestApp, TestApp] = [make(), make()];
      apps.push(...made);
      return made;
    }

    const opens = { calls: [{ tool: 'open', with: { subject: 'refund' } }] };

    /** Runs an agent with the tickets server's tools once in `app`, in `scope`, and answers what the tool gave. */
    async function opened(app: TestApp, scope: string): Promise<unknown> {
      return app.scope(scope, async () => {
        const run = await app.run({ model: 'writer', tools: await app.mcpTools('tickets') }, 'q', {
          strictTools: false,
        });
        const result = run.steps[0]!.results[0]!;
        return result.error ?? result.output;
      });
    }

    function fakeTickets(app: TestApp, answers: { output: unknown }[]) {
      return app.fakeMcp('tickets', {
        tools: { open: { description: 'Opens a ticket.', input: z.object({ subject: z.string() }), answers } },
      });
    }

    it("lists the published tools and answers every app's calls from them, one per call, per scope", async () => {
      const [tester, instance] = mcpPair();
      tester.fake('writer', [opens, { text: 'ok' }]);
      instance.fake('writer', [opens, { text: 'ok' }, opens, { text: 'ok' }]);
      const tickets = fakeTickets(tester, [{ output: { id: 7 } }, { output: { id: 8 } }]);
      await tester.ready();
      const listed = await instance.mcpTools('tickets');
      expect({ names: Object.keys(listed), description: listed.open?.description }).toEqual({
        names: ['open'],
        description: 'Opens a ticket.',
      });
      const said = [await opened(instance, 'a'), await opened(tester, 'a'), await opened(instance, 'b')];
      expect(said).toEqual([{ id: 7 }, { id: 8 }, { id: 7 }]);
      await expect(tickets.verify()).rejects.toThrow(/In scope 'b'[\s\S]*\{"output":\{"id":8\}\} never used/);
    });

    it('reports in the publishing app a call past the last answer another app made (T0123)', async () => {
      const [tester, instance] = mcpPair();
      instance.fake('writer', [opens, { text: 'ok' }, opens, { text: 'ok' }]);
      const tickets = fakeTickets(tester, [{ output: { id: 7 } }]);
      await tester.ready();
      expect(await opened(instance, 's')).toEqual({ id: 7 });
      expect(await opened(instance, 's')).toMatch(/^T0123: /);
      await expect(tickets.verify()).rejects.toThrow(/T0125[\s\S]*T0123/);
    });

    it("checks the input against the published listing's schema in the other apps", async () => {
      const [tester, instance] = mcpPair();
      instance.fake('writer', [{ calls: [{ tool: 'open', with: { subject: 7 } }] }, { text: 'ok' }]);
      fakeTickets(tester, [{ output: { id: 7 } }]);
      await tester.ready();
      expect(await opened(instance, 's')).toContain(
        "The input does not fit the tool 'open': input.subject: expected a string",
      );
    });

    it('refuses a function with D0006', () => {
      const [tester] = mcpPair();
      expect(() => tester.fakeMcp('tickets', { tools: { open: { answers: () => ({ id: 1 }) } } })).toThrow(/D0006/);
    });
  });
});
