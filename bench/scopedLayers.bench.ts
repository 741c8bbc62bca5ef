import { createTestApp } from '../src/testing.js';
import { compare, report, timesRow, warmUp } from './harness.js';

const LAYERS = 10_000;
/** How much slower one reply may be with many scopes' fakes than with one: a call walks its own scope's layers only. */
const CEILING = 1.5;
const config = { models: { writer: { provider: 'anthropic', model: 'claude-sonnet-4-5' } } };

/**
 * A test app whose model has a function fake in each of `scopes` scopes: one reply is asked in the first of them, whose
 * layer is the oldest, the last a walk of every layer would reach.
 */
function appWith(scopes: number) {
  const app = createTestApp(config);
  for (let i = 0; i < scopes; i++) app.scope(`scope-${i}`).fake('writer', () => ({ text: 'Hello' }));
  return { app, reply: () => app.scope('scope-0', () => app.reply('writer', { messages: 'Hi' })) };
}

/**
 * One faked reply in a scope, with 10,000 scopes' fakes on the model beside it, against the same with one: the cost a
 * suite that fakes per test (a scope each) pays as it grows.
 */
export default async function scopedLayers(): Promise<void> {
  const many = appWith(LAYERS);
  const one = appWith(1);
  const cases = [
    { name: `${LAYERS.toLocaleString('en')} scopes' fakes`, fn: many.reply },
    { name: "one scope's fake", fn: one.reply },
  ];
  await warmUp(cases);
  const [ours, base] = await compare(cases);
  report(`One faked reply in a scope, beside ${LAYERS.toLocaleString('en')} other scopes' fakes`, [
    timesRow(ours!.name, ours!.medianNs, base!.medianNs, base!.name, CEILING),
  ]);
  await Promise.all([many.app.dispose(), one.app.dispose()]);
}
