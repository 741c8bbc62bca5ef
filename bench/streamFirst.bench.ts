import type { ReplyPart } from '../src/index.js';
import { createTestApp } from '../src/testing.js';
import { inBuiltPackage } from './builtPackage.js';
import { formatNs, medianOf, report, timesRow } from './harness.js';

const PARTS = 200;
const ROUNDS = 12;
const PER_ROUND = 150;
const config = { models: { writer: { provider: 'anthropic', model: 'claude-sonnet-4-5' } } };
const question = 'Tell me the whole guide.';
/** A 200-part answer, as a cassette records a reply that came in pieces. */
const answer = {
  parts: Array.from({ length: PARTS }, (_, i) => ({ text: `Piece ${i} of the guide. ` })),
  units: { tokensIn: 10, tokensOut: 1200 },
};
const whole = answer.parts.map((part) => part.text).join('');

interface Timing {
  /** From the call to its first part, in ns. */
  readonly first: number;
  /** From the call to its last part, in ns. */
  readonly all: number;
}

/** Opens a stream, times its first part, then reads it to its end and checks what it carried. */
async function timeStream(open: () => AsyncGenerator<ReplyPart, unknown>): Promise<Timing> {
  const start = process.hrtime.bigint();
  const stream = open();
  let next = await stream.next();
  const first = Number(process.hrtime.bigint() - start);
  let text = '';
  while (!next.done) {
    if (next.value.type === 'text') text += next.value.text;
    next = await stream.next();
  }
  const all = Number(process.hrtime.bigint() - start);
  if (text !== whole) throw new Error('the stream does not carry the 200 parts it should');
  return { first, all };
}

/**
 * `app.stream` of a 200-part answer (issue 24): the time to its first part, the answer given in a
 * list (a new scope each call, so each is the list's first answer taken afresh) and given by a
 * function (a new step each call), measured interleaved; and the time to its last part.
 */
export async function measure(): Promise<void> {
  const byList = createTestApp(config);
  byList.fake('writer', [answer]);
  const byFunction = createTestApp(config);
  byFunction.fake('writer', () => answer);
  let scope = 0;
  const cases = [
    {
      name: 'list fake, a new scope each call',
      time: () => byList.scope(`s${scope++}`, () => timeStream(() => byList.stream('writer', { messages: question }))),
    },
    { name: 'function fake', time: () => timeStream(() => byFunction.stream('writer', { messages: question })) },
  ];
  const samples = cases.map(() => ({ first: [] as number[], all: [] as number[] }));
  for (let i = 0; i < 300; i++) for (const c of cases) await c.time(); // through the JIT's tiers
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, c] of cases.entries()) {
      for (let k = 0; k < PER_ROUND; k++) {
        const { first, all } = await c.time();
        samples[i]!.first.push(first);
        samples[i]!.all.push(all);
      }
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  const [list, fn] = samples.map(({ first, all }) => ({ first: medianOf(first), all: medianOf(all) }));
  report(`app.stream of a ${PARTS}-part answer (median of ${ROUNDS * PER_ROUND} calls each, interleaved)`, [
    timesRow('time to first part, function fake', fn!.first, list!.first, 'list fake, a new scope each call', 2),
    {
      label: 'time to first part, list fake (a new scope each call)',
      value: formatNs(list!.first),
    },
    timesRow('time to the last part, function fake', fn!.all, list!.all, 'list fake, a new scope each call'),
    { label: 'time to the last part, list fake', value: formatNs(list!.all) },
  ]);
}

/** `npm run bench -- streamFirst`: measured in a plain node process on the built package. */
export default function streamFirst(): Promise<void> {
  return inBuiltPackage(import.meta.url);
}
