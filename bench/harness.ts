/**
 * A small benchmark harness. Cases that are compared run interleaved, sample by sample, so a
 * noisy neighbour slows them alike; each figure is the median time per operation over samples.
 */

export interface BenchCase {
  /** What is measured. */
  readonly name: string;
  /** One operation. May be async. */
  readonly fn: () => unknown;
}

export interface BenchResult {
  readonly name: string;
  /** Median nanoseconds per operation, over every timed sample. */
  readonly medianNs: number;
  /** Mean nanoseconds per operation: garbage collection included, amortised. */
  readonly meanNs: number;
  /** Operations per timed sample: 1 unless one operation is too quick to time alone. */
  readonly batch: number;
  readonly samples: number;
}

export interface CompareOptions {
  /** How long to measure each case, in milliseconds, all rounds together. */
  readonly budgetMs?: number;
  /** How many interleaved rounds to split the budget into. */
  readonly rounds?: number;
}

async function timeBatch(fn: () => unknown, batch: number): Promise<number> {
  const start = process.hrtime.bigint();
  for (let i = 0; i < batch; i++) {
    const out = fn();
    if (out instanceof Promise) await out;
  }
  return Number(process.hrtime.bigint() - start);
}

/** The smallest batch whose time is well above the timer's resolution (about 2 µs a sample). */
async function calibrate(fn: () => unknown): Promise<number> {
  let batch = 1;
  while (batch < 1 << 16) {
    const times: number[] = [];
    for (let i = 0; i < 9; i++) times.push(await timeBatch(fn, batch));
    if (median(times) >= 2_000) return batch;
    batch *= 2;
  }
  return batch;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * Measures every case, interleaved round by round so that load on a shared machine hits them
 * alike. Like tinybench, each sample times one operation (or the smallest batch that the timer
 * can resolve); the median is over samples, and the mean shows the cost with GC amortised.
 */
export async function compare(cases: readonly BenchCase[], options: CompareOptions = {}): Promise<BenchResult[]> {
  const budgetMs = options.budgetMs ?? 600;
  const rounds = options.rounds ?? 12;
  const batches: number[] = [];
  for (const c of cases) {
    await timeBatch(c.fn, 200); // warm up the JIT before calibrating
    batches.push(await calibrate(c.fn));
  }
  const samples: number[][] = cases.map(() => []);
  const totals = cases.map(() => ({ ns: 0, ops: 0 }));
  const roundNs = (budgetMs * 1e6) / rounds;
  for (let r = 0; r < rounds; r++) {
    for (let i = 0; i < cases.length; i++) {
      const c = cases[i]!;
      const batch = batches[i]!;
      let spent = 0;
      while (spent < roundNs) {
        const ns = await timeBatch(c.fn, batch);
        samples[i]!.push(ns / batch);
        spent += ns;
        totals[i]!.ns += ns;
        totals[i]!.ops += batch;
      }
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  return cases.map((c, i) => ({
    name: c.name,
    medianNs: median(samples[i]!),
    meanNs: totals[i]!.ns / totals[i]!.ops,
    batch: batches[i]!,
    samples: samples[i]!.length,
  }));
}

/** Formats nanoseconds for a table: `812 ns`, `3.41 µs`, `1.20 ms`. */
export function formatNs(ns: number): string {
  if (ns < 1_000) return `${ns.toFixed(0)} ns`;
  if (ns < 1_000_000) return `${(ns / 1_000).toFixed(2)} µs`;
  return `${(ns / 1_000_000).toFixed(2)} ms`;
}

/** One line of a report: a figure, its baseline, the ratio and the target. */
export interface ReportRow {
  readonly label: string;
  readonly value: string;
  readonly baseline?: string;
  readonly ratio?: string;
  readonly target?: string;
  readonly met?: boolean;
}

/** Prints a section of the report. */
export function report(title: string, rows: readonly ReportRow[]): void {
  console.log(`\n## ${title}`);
  for (const row of rows) {
    const parts = [`  ${row.label}: ${row.value}`];
    if (row.baseline !== undefined) parts.push(`baseline ${row.baseline}`);
    if (row.ratio !== undefined) parts.push(`ratio ${row.ratio}`);
    if (row.target !== undefined)
      parts.push(`target ${row.target}${row.met === undefined ? '' : row.met ? ' (met)' : ' (NOT met)'}`);
    console.log(parts.join(' | '));
  }
}

/** Forces a full garbage collection; the bench runs with --expose-gc. */
export function collect(): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc === undefined) throw new Error('Run the benchmarks with node --expose-gc (npm run bench does).');
  gc();
  gc();
}

/** Heap in use after a full collection, in bytes. */
export async function settledHeap(): Promise<number> {
  await new Promise((resolve) => setImmediate(resolve));
  collect();
  await new Promise((resolve) => setImmediate(resolve));
  collect();
  return process.memoryUsage().heapUsed;
}

/** Formats bytes as MB with two decimals, signed. */
export function formatMb(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return `${mb >= 0 ? '+' : ''}${mb.toFixed(2)} MB`;
}

/**
 * Runs `work` between two settled heap readings and answers the report row: the drift beside
 * the starting heap, against a limit in MB either way.
 */
export async function heapDrift(label: string, limitMb: number, work: () => Promise<void>): Promise<ReportRow> {
  const before = await settledHeap();
  await work();
  const after = await settledHeap();
  return {
    label,
    value: formatMb(after - before),
    baseline: `${(before / 1048576).toFixed(2)} MB before`,
    target: `within ${limitMb} MB`,
    met: Math.abs(after - before) <= limitMb * 1048576,
  };
}

/**
 * Runs the cases in turn, `rounds` times each, so that every one is through the JIT's tiers
 * before it is measured: the harness's own short warm-up leaves a deep call path half compiled.
 */
export async function warmUp(cases: readonly BenchCase[], rounds = 2000): Promise<void> {
  for (let i = 0; i < rounds; i++) for (const c of cases) await timeBatch(c.fn, 1);
}

/** A row: ours beside a peer measured in the same run, how many times faster by medians (the target's) and by means (GC amortised), against a floor. */
export function fasterRow(label: string, ours: BenchResult, peer: BenchResult, floor?: number): ReportRow {
  const faster = peer.medianNs / ours.medianNs;
  return {
    label,
    value: `${formatNs(ours.medianNs)} (mean ${formatNs(ours.meanNs)})`,
    baseline: `${formatNs(peer.medianNs)} (mean ${formatNs(peer.meanNs)}; ${peer.name})`,
    ratio: `${faster.toFixed(1)}x faster (by means ${(peer.meanNs / ours.meanNs).toFixed(1)}x)`,
    ...(floor === undefined ? {} : { target: `>= ${floor}x faster`, met: faster >= floor }),
  };
}

/** A row: ours beside a baseline, as a multiple of it (more is slower), against a ceiling. */
export function timesRow(label: string, oursNs: number, baseNs: number, baseName: string, ceiling?: number): ReportRow {
  const times = oursNs / baseNs;
  return {
    label,
    value: formatNs(oursNs),
    baseline: `${formatNs(baseNs)} (${baseName})`,
    ratio: `${times.toFixed(2)}x`,
    ...(ceiling === undefined ? {} : { target: `<= ${ceiling}x`, met: times <= ceiling }),
  };
}

/** The median of some figures. */
export function medianOf(values: readonly number[]): number {
  return median([...values]);
}
