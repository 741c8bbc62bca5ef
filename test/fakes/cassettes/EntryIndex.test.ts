import { describe, expect, it } from 'vitest';
import type { CassetteEntry } from '../../../src/fakes/cassettes/cassetteSchema.js';
import { EntryIndex } from '../../../src/fakes/cassettes/EntryIndex.js';

const ask = (content: string) => ({ messages: [{ role: 'user', content }] });
const reply = (model: string, content: string, text: string): CassetteEntry => ({
  model,
  call: 'reply',
  request: ask(content),
  answer: { text },
});

describe(EntryIndex, () => {
  it("keys a model's entries on its first lookup, in file order, and an entry added later after them", () => {
    const index = new EntryIndex();
    index.add(0, reply('writer', 'Hi', 'one'));
    index.add(1, reply('helper', 'Hi', 'other model'));
    index.add(2, reply('writer', 'Hi', 'two'));
    const key = index.key('writer', 'reply', ask('Hi'));
    expect(index.count(key)).toBe(2);
    // Recorded in this run, after the lookup keyed the model's entries: counted at once, after them.
    index.add(3, reply('writer', 'Hi', 'three'));
    expect(index.count(key)).toBe(3);
    expect([0, 1, 2, 3].map(() => index.take('', key).position)).toEqual([0, 2, 3, undefined]);
    const other = index.key('helper', 'reply', ask('Hi'));
    expect(index.take('', other).position).toBe(1);
  });

  it('keys an entry added before any lookup of its model, however many were looked up before', () => {
    const index = new EntryIndex();
    index.add(0, reply('writer', 'Hi', 'one'));
    index.key('writer', 'reply', ask('Hi'));
    index.add(1, reply('helper', 'Hi', 'two'));
    expect(index.take('s', index.key('helper', 'reply', ask('Hi'))).position).toBe(1);
    expect(index.nearest('helper', 'reply', ask('Ho'))?.position).toBe(1);
  });
});
