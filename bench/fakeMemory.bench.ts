import { createTestApp } from '../src/testing.js';
import { inBuiltPackage } from './builtPackage.js';
import { formatMb, report, settledHeap, type ReportRow } from './harness.js';

const CALLS = 100_000;
const READINGS = [10_000, 20_000, 50_000, 100_000];
/** How far the heap may move from 20,000 calls to 100,000, once `sent` holds all it keeps. */
const FLAT_MB = 2;
const config = { models: { writer: { provider: 'anthropic', model: 'claude-sonnet-4-5' } } };
const answer = {
  text: 'Open Settings, then Password. (Help desk guide, page 2)',
  units: { tokensIn: 12, tokensOut: 9 },
};

const mb = (bytes: number): string => `${(bytes / 1048576).toFixed(2)} MB`;

/**
 * Memory (issue 24): 100,000 faked `app.reply` calls in one app, each a new step of a function
 * fake, each with a question of its own. The fake's `sent` keeps the latest 10,000 calls (its
 * documented bound): past them the heap, read after a full collection, should stay flat.
 */
export async function measure(): Promise<void> {
  const app = createTestApp(config);
  const writer = app.fake('writer', () => answer);
  const start = await settledHeap();
  const heap = new Map<number, number>();
  for (let n = 1; n <= CALLS; n++) {
    await app.reply('writer', {
      instructions: 'Answer from the guide.',
      messages: `Question ${n}: how do I reset it?`,
    });
    if (READINGS.includes(n)) heap.set(n, await settledHeap());
  }
  if (writer.sent.length !== 10_000) throw new Error(`sent holds ${writer.sent.length} calls, not its bound of 10,000`);
  const at = (n: number): number => heap.get(n)!;
  const drift = at(100_000) - at(20_000);
  const rows: ReportRow[] = [
    { label: 'heap after the fake was made', value: mb(start) },
    ...READINGS.map((n) => ({
      label: `heap after ${n.toLocaleString('en')} calls`,
      value: mb(at(n)),
      baseline: `${formatMb(at(n) - start)} since the fake was made`,
    })),
    {
      label: 'from 20,000 calls to 100,000 (sent full at 10,000)',
      value: formatMb(drift),
      baseline: `${mb(at(20_000))} at 20,000`,
      target: `flat: within ${FLAT_MB} MB`,
      met: Math.abs(drift) <= FLAT_MB * 1048576,
    },
  ];
  report(`Memory: ${CALLS.toLocaleString('en')} faked calls in one app (a function fake, heap after a full GC)`, rows);
}

/** `npm run bench -- fakeMemory`: measured in a plain node process on the built package. */
export default function fakeMemory(): Promise<void> {
  return inBuiltPackage(import.meta.url);
}
