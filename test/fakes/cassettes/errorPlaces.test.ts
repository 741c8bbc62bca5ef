import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCassette } from '../../../src/fakes/cassettes/readCassette.js';
import { createTestApp } from '../../../src/testing.js';
import { useFolder } from './support.js';

const folder = useFolder();
const config = { models: { writer: { provider: 'anthropic', model: 'claude-test' } } };

/** A cassette's text as save() writes it, two-space JSON. */
const file = (entries: unknown[]): string =>
  `${JSON.stringify({ entries, standin: 'cassette', version: 1 }, null, 2)}\n`;
const reply = (text: unknown) => ({
  answer: { text },
  call: 'reply',
  model: 'writer',
  request: { messages: [{ content: 'Hi', role: 'user' }], settings: { model: 'claude-test' } },
});

describe('A malformed cassette', () => {
  it('names the line and column where its JSON breaks', () => {
    const text = '{\n  "standin": "cassette",\n  "version": 1,\n  "entries": [\n    {"call": "reply",}\n  ]\n}\n';
    expect(() => parseCassette(text, 'c.json')).toThrow(
      /The cassette c\.json is not JSON at line 5, column 22: expected a key in double quotes there/,
    );
  });

  it('names the line and column of an entry that is not an entry, with its path', () => {
    const text = file([reply('Hello'), { ...reply('x'), call: 'shout' }]);
    expect(() => parseCassette(text, 'c.json')).toThrow(
      expect.objectContaining({
        code: 'V0001',
        message: expect.stringMatching(/malformed entry \(line 25, column 15\):\nentries\[1\]\.call/),
      }),
    );
  });

  it('names the line and column of an answer that does not fit its call', () => {
    const text = file([{ answer: { vector: 'no' }, call: 'embed', model: 'writer', request: { text: 'hi' } }]);
    expect(() => parseCassette(text, 'c.json')).toThrow(/does not fit its call \(embed\) \(line 4, column 17\)/);
  });

  it('names the line and column of a reply answer that is not an answer', () => {
    const path = join(folder(), 'c.json');
    writeFileSync(path, file([reply('Hello'), reply(42)]));
    expect(() => createTestApp(config).cassette(path)).toThrow(
      /entries\[1\]\.answer\.text: expected a string, got a number\.\nThe answer is at line 22, column 17\./,
    );
  });
});
