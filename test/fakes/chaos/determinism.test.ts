import { describe, expect, it } from 'vitest';
import { createTestApp, type ChaosSettings, type Disturbance } from '../../../src/testing.js';

const config = { models: { writer: { provider: 'openai', model: 'gpt-4.1-mini' } } };
const rates = { rate_limit: 0.2, server: 0.1, empty: 0.1, truncated: 0.05 } as const;
const SCOPES = 50;
const CALLS = 12;

/** Lets other scopes run `turns` times. */
async function yieldTurns(turns: number): Promise<void> {
  for (let i = 0; i < turns; i++) await new Promise<void>((resolve) => setImmediate(resolve));
}

/**
 * Each of 50 scopes makes its calls one after another, all scopes at once, started in `order`, each call after a
 * number of turns `pause(scope, call)` gives: answers the disturbances, per scope, as `step:kind`.
 */
async function run(
  settings: ChaosSettings,
  order: readonly number[],
  pause: (scope: number, call: number) => number,
): Promise<Record<string, string[]>> {
  const app = createTestApp(config);
  app.fake('writer', () => ({ text: 'ok' }));
  const disorder = app.chaos(settings);
  await Promise.all(
    order.map((n) =>
      app.scope(`scope-${n}`, async () => {
        for (let call = 0; call < CALLS; call++) {
          await yieldTurns(pause(n, call));
          await app.reply('writer', { messages: `Hi from ${n}` }, { retry: false }).catch(() => undefined);
        }
      }),
    ),
  );
  return perScope(disorder.disturbed);
}

function perScope(disturbed: readonly Disturbance[]): Record<string, string[]> {
  const found: Record<string, string[]> = {};
  for (const { scope, step, kind } of disturbed) (found[scope] ??= []).push(`${step}:${kind}`);
  return Object.fromEntries(Object.entries(found).sort(([a], [b]) => a.localeCompare(b)));
}

const forward = [...Array(SCOPES).keys()];
const backward = [...forward].reverse();

describe('Chaos', () => {
  describe('.disturbed', () => {
    it('is the same per scope for the same seed, however 50 scopes interleave', async () => {
      const first = await run({ seed: 7, rates }, forward, (scope, call) => (scope * 7 + call * 3) % 5);
      const second = await run({ seed: 7, rates }, backward, (scope, call) => (scope + call * 11) % 4);
      expect(Object.keys(first).length).toBeGreaterThan(SCOPES / 2);
      expect(second).toEqual(first);
    });

    it('differs for a different seed', async () => {
      const first = await run({ seed: 7, rates }, forward, () => 0);
      const other = await run({ seed: 8, rates }, forward, () => 0);
      expect(other).not.toEqual(first);
    });

    it('is the same for the same seed, whatever turns the calls wait', async () => {
      const first = await run({ seed: 7, rates }, forward, () => 1);
      const other = await run({ seed: 7, rates }, backward, () => 0);
      expect(other).toEqual(first);
    });
  });
});
