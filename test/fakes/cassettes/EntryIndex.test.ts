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
  it('keys the entries ending with a text on its first lookup, in file order, and an entry added later after them', () => {
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

  it('keys an entry added before any lookup of its text, however many were looked up before', () => {
    const index = new EntryIndex();
    index.add(0, reply('writer', 'Hi', 'one'));
    index.key('writer', 'reply', ask('Hi'));
    index.add(1, reply('helper', 'Hi', 'two'));
    expect(index.take('s', index.key('helper', 'reply', ask('Hi'))).position).toBe(1);
    expect(index.nearest('helper', 'reply', ask('Ho'))?.position).toBe(1);
  });

  it('finds an entry whose request ends with a text other lookups did not ask', () => {
    const index = new EntryIndex();
    index.add(0, reply('writer', 'Hi', 'one'));
    index.add(1, reply('writer', 'Ho', 'two'));
    expect(index.take('', index.key('writer', 'reply', ask('Hi'))).position).toBe(0);
    index.add(2, reply('writer', 'Ho', 'three'));
    const ho = index.key('writer', 'reply', ask('Ho'));
    expect([index.take('', ho).position, index.take('', ho).position]).toEqual([1, 2]);
  });

  it('tells apart requests that end with the same text by the whole request', () => {
    const index = new EntryIndex();
    const earlier = {
      messages: [{ role: 'user', content: 'Hi' }, { role: 'assistant', content: 'Hello' }, ...ask('Go on').messages],
    };
    index.add(0, { model: 'writer', call: 'reply', request: earlier, answer: { text: 'long' } });
    index.add(1, reply('writer', 'Go on', 'short'));
    expect(index.take('', index.key('writer', 'reply', ask('Go on'))).position).toBe(1);
    expect(index.take('', index.key('writer', 'reply', earlier)).position).toBe(0);
  });

  it('finds the entries of a call with no messages by its text', () => {
    const index = new EntryIndex();
    const embed = (text: string): CassetteEntry => ({
      model: 'search',
      call: 'embed',
      request: { text },
      answer: { vector: [text.length] },
    });
    index.add(0, embed('cats'));
    index.add(1, embed('dogs'));
    expect(index.take('', index.key('search', 'embed', { text: 'dogs' })).position).toBe(1);
    expect(index.take('', index.key('search', 'embed', { text: 'cats' })).position).toBe(0);
  });
});
