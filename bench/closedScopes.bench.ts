import { createTestApp } from '../src/testing.js';
import { heapDrift, report, settledHeap, type ReportRow } from './harness.js';

const SCOPES = 10_000;
/** How far the heap may move once the scopes are closed, in MB either way. */
const LIMIT_MB = 1;
const config = { models: { writer: { provider: 'anthropic', model: 'claude-sonnet-4-5' } } };

/** The stand-ins measured: each answers one reply per scope. */
const fakes = {
  'a function fake': (app: ReturnType<typeof createTestApp>) => app.fake('writer', () => ({ text: 'Hello' })),
  'a list fake': (app: ReturnType<typeof createTestApp>) => app.fake('writer', [{ text: 'Hello' }]),
} as const;

/**
 * Memory that comes back: in one test app, 10,000 scopes each opened, asked one reply and closed
 * (`app.scope(id).close()`). The heap, read after a full collection, should be where it was
 * before the first of them: a closed scope's cursors, `sent` entries and outcomes are let go.
 */
export default async function closedScopes(): Promise<void> {
  const rows: ReportRow[] = [];
  for (const [name, fake] of Object.entries(fakes)) {
    const app = createTestApp(config);
    const writer = fake(app);
    const open = async (id: string) => {
      await app.scope(id, () => app.reply('writer', { messages: `Hello from ${id}` }));
      await app.scope(id).close();
    };
    // Warmed up first, so the JIT's code and the first allocations of each kind are in the starting heap.
    for (let i = 0; i < 500; i++) await open(`warm-${i}`);
    await settledHeap();
    rows.push(
      await heapDrift(`${SCOPES.toLocaleString('en')} scopes opened and closed, ${name}`, LIMIT_MB, async () => {
        for (let i = 0; i < SCOPES; i++) await open(`scope-${i}`);
      }),
    );
    if (writer.sent.length !== 0) throw new Error(`${name} still lists ${writer.sent.length} calls of closed scopes`);
    await writer.verify();
    await app.dispose();
  }
  report(`Memory: ${SCOPES.toLocaleString('en')} closed scopes (heap after a full GC, before and after)`, rows);
}
