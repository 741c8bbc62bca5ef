import { describe, expect, it } from 'vitest';
import { MemoryCursorStore } from '../../../src/conformance.js';
import { takeStep } from '../../../src/fakes/script/takeStep.js';

describe(takeStep, () => {
  it('gives each new step the next index, and a step that runs again the index it got before', async () => {
    const store = new MemoryCursorStore();
    const take = (step: string) => takeStep(store, '', 's', step, undefined);
    expect([await take('r#0'), await take('r#1'), await take('r#0')]).toEqual([0, 1, 0]);
  });

  it('forgets the step when the call is over, leaving the cursor where it is', async () => {
    const store = new MemoryCursorStore();
    const ends: Array<() => void> = [];
    expect(await takeStep(store, '', 's', 'call:1', (end) => ends.push(end))).toBe(0);
    ends.forEach((end) => end());
    await Promise.resolve();
    expect(await takeStep(store, '', 's', 'call:1', undefined)).toBe(1);
  });
});
