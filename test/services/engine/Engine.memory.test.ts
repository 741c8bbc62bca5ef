import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { type Provider } from '../../../src/index.js';
import { Engine } from '../../../src/services/engine/Engine.js';
import { abortGate } from '../../../src/services/dispatch/untilAborted.js';
import { appWith } from '../../support/providers.js';

// A collector that can be asked for: the heap is compared after full collections, not by time.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** Heap in use after a full collection. */
function heapNow(): number {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

const PARTS = 200_000;
/** Growth allowed between the first and the last part: 200k retained parts take far more (tens of MB). */
const BOUND = 8 * 1024 * 1024;

/**
 * A provider whose reply is a long stream of empty text parts, each a fresh object, measuring the
 * heap early and late in the stream: whatever the engine keeps per part shows as growth.
 */
function endless(measured: number[]): Provider {
  return {
    async *reply() {
      for (let i = 0; i < PARTS; i++) {
        if (i === 1_000 || i === PARTS - 1) measured.push(heapNow());
        yield { type: 'text', text: '' };
      }
      yield { type: 'finish', reason: 'stop' };
    },
  };
}

const models = { writer: { provider: 'main', model: 'm' } };

describe(Engine, () => {
  it('keeps no streamed part once handed on, with a signal: memory stays bounded on a long stream', async () => {
    const measured: number[] = [];
    const app = appWith({ main: endless(measured) }, { models });
    let count = 0;
    for await (const part of app.stream('writer', { messages: 'x' }, { signal: new AbortController().signal }))
      if (part.type === 'text') count++;
    expect(count).toBe(PARTS);
    expect(measured[1]! - measured[0]!).toBeLessThan(BOUND);
  }, 60_000);

  it('keeps no part of a reply it collects with a signal beyond what the reply holds', async () => {
    const measured: number[] = [];
    const app = appWith({ main: endless(measured) }, { models });
    const reply = await app.reply('writer', { messages: 'x' }, { signal: new AbortController().signal });
    expect(reply.finish).toBe('stop');
    expect(measured[1]! - measured[0]!).toBeLessThan(BOUND);
  }, 60_000);
});

describe('abortGate', () => {
  it('holds no settled race: the values of 200k races on one gate can be collected', async () => {
    const gate = abortGate(new AbortController().signal);
    let before = 0;
    for (let i = 0; i < PARTS; i++) {
      if (i === 1_000) before = heapNow();
      await gate.race(Promise.resolve({ type: 'text', text: '', i }));
    }
    const after = heapNow();
    gate.close();
    expect(after - before).toBeLessThan(BOUND);
  }, 60_000);
});
