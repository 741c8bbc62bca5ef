import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { tool } from '../../../src/index.js';
import { createFakeServer } from '../../../src/server.js';
import { createTestApp } from '../../../src/testing.js';
import { json, LoopbackServer } from '../../services/providers/loopback/LoopbackServer.js';
import { useFolder } from './support.js';

const folder = useFolder();
const KEY = 'sk-tape-0123456789abcdef';

/** The order service the tool asks: a loopback HTTP server the test starts, and stops before replaying. */
async function orderService(): Promise<LoopbackServer> {
  const service = await LoopbackServer.start();
  service.on('/orders/7', json(200, { order: 7, ships: 'Monday', items: 2 }));
  return service;
}

/** A tool that fetches from the order service, and counts its runs. */
function lookUpOrder(base: string) {
  const runs = { count: 0 };
  const lookUp = tool({
    description: 'Looks an order up in the order service.',
    input: z.object({ order: z.number() }),
    run: async ({ order }, { signal }) => {
      runs.count++;
      const response = await fetch(`${base}/orders/${order}`, { signal });
      return (await response.json()) as unknown;
    },
  });
  return { lookUp, runs };
}

/** A test app on the OpenAI adapter, talking to the wire server at `url` as its real provider. */
function appOn(url: string) {
  return createTestApp({
    models: { writer: { provider: 'openai', model: 'gpt-4.1-mini' } },
    providers: { openai: { baseURL: `${url}/v1`, apiKey: KEY } },
  });
}

/**
 * Records a run through the real OpenAI adapter against the wire server, its tool against the order service;
 * stops both, and replays the run on a new app whose tool throws if run.
 */
async function recordThenReplay(answers: unknown[], output?: z.ZodType) {
  const path = join(folder(), 'tools.json');
  const models = await createFakeServer({ scripts: { models: { 'gpt-4.1-mini': answers as never } } });
  const service = await orderService();
  const recording = appOn(models.url);
  const cassette = recording.cassette(path, { mode: 'record', tools: true });
  const { lookUp, runs } = lookUpOrder(service.url());
  const agent = { model: 'writer', tools: { lookUpOrder: lookUp }, ...(output === undefined ? {} : { output }) };
  const live = await recording.run(agent, 'When does order 7 ship?');
  await cassette.save();
  const asked = service.received.length;
  await models.close();
  await service.close();

  const replaying = appOn(models.url);
  const tape = replaying.cassette(path, { tools: true });
  const stopped = tool({
    input: z.object({ order: z.number() }),
    run: () => {
      throw new Error('the order service is stopped: the tool must not run on replay');
    },
  });
  const replayed = await replaying.run({ ...agent, tools: { lookUpOrder: stopped } }, 'When does order 7 ship?');
  return { live, replayed, asked, runs, tape, path, replaying };
}

const looksUp = { calls: [{ tool: 'lookUpOrder', with: { order: 7 } }] };

describe('Cassette with tools: true', () => {
  describe('record, then replay with the model and the tool backend stopped', () => {
    it('gives the same run text, the tool answered from the tape without running', async () => {
      const { live, replayed, asked, runs } = await recordThenReplay([looksUp, { text: 'Order 7 ships Monday.' }]);
      expect(asked).toBe(1);
      expect(runs.count).toBe(1);
      expect(replayed.text).toBe('Order 7 ships Monday.');
      expect(replayed.text).toBe(live.text);
      expect(replayed.steps[0]?.results).toEqual(live.steps[0]?.results);
      expect(replayed.steps[0]?.results[0]?.output).toEqual({ order: 7, ships: 'Monday', items: 2 });
    });

    it('gives the same typed value', async () => {
      const Shipping = z.object({ ships: z.string() });
      const { live, replayed } = await recordThenReplay([looksUp, { value: { ships: 'Monday' } }], Shipping);
      expect(replayed.value).toEqual({ ships: 'Monday' });
      expect(replayed.value).toEqual(live.value);
    });

    it('keeps the tool run beside the reply entry that asked for it, its input and output as the model saw them', async () => {
      const { path } = await recordThenReplay([looksUp, { text: 'Order 7 ships Monday.' }]);
      const file = JSON.parse(readFileSync(path, 'utf8')) as { entries: Record<string, unknown>[] };
      expect(file.entries).toHaveLength(2);
      expect(file.entries[0]?.tools).toEqual([
        { tool: 'lookUpOrder', input: { order: 7 }, output: { order: 7, ships: 'Monday', items: 2 } },
      ]);
      expect(file.entries[1]).not.toHaveProperty('tools');
      expect(readFileSync(path, 'utf8')).not.toContain(KEY);
    });

    it('finds nothing to verify once the run replayed every entry and tool run', async () => {
      const { tape, replaying } = await recordThenReplay([looksUp, { text: 'Order 7 ships Monday.' }]);
      await expect(tape.verify()).resolves.toBeUndefined();
      await expect(replaying.verify()).resolves.toBeUndefined();
    });
  });
});
