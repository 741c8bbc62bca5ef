import { describe, expect, it } from 'vitest';
import type { ReplyPart } from '../../src/index.js';
import { TypedContent } from '../../src/protocols/TypedContent.js';

function sort(typed: boolean, pieces: readonly string[]): ReplyPart[] {
  const content = new TypedContent(typed);
  const out: ReplyPart[] = [];
  for (const piece of pieces) content.push(piece, out);
  content.end(out);
  return out;
}

describe('TypedContent', () => {
  it('streams JSON content of a typed call as value parts, piece by piece', () => {
    expect(sort(true, ['{"a":', '1}'])).toEqual([
      { type: 'value', json: '{"a":' },
      { type: 'value', json: '1}' },
    ]);
  });

  it('keeps prose a model writes before a tool call as text', () => {
    expect(sort(true, ['Let me ', 'look.'])).toEqual([
      { type: 'text', text: 'Let me ' },
      { type: 'text', text: 'look.' },
    ]);
  });

  it('holds leading whitespace until the first visible character decides, then hands it on with it', () => {
    expect(sort(true, ['\n ', ' ', '[1]'])).toEqual([{ type: 'value', json: '\n  [1]' }]);
    expect(sort(true, ['  ', 'Hi'])).toEqual([{ type: 'text', text: '  Hi' }]);
  });

  it('ends content that was only whitespace as text', () => {
    expect(sort(true, [' ', '\n'])).toEqual([{ type: 'text', text: ' \n' }]);
  });

  it('gives text only when the call asked for no typed value', () => {
    expect(sort(false, ['{"a":1}'])).toEqual([{ type: 'text', text: '{"a":1}' }]);
  });
});
