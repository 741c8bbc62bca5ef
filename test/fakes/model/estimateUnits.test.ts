import { describe, expect, it } from 'vitest';
import { type ReplyRequest } from '../../../src/index.js';
import { estimateUnits } from '../../../src/fakes/model/answerParts.js';

describe('estimateUnits(request, outChars)', () => {
  it('counts ceil(characters / 4) in and out', () => {
    expect(estimateUnits({ model: 'm', messages: [{ role: 'user', content: 'Hello there!' }] }, 5)).toEqual({
      tokensIn: 3,
      tokensOut: 2,
    });
  });

  it('counts instructions, every message, every tool and the output schema', () => {
    const request: ReplyRequest = {
      model: 'm',
      instructions: 'abcd', // 4
      messages: [
        { role: 'user', content: 'abcd' }, // 4
        { role: 'assistant', content: 'ab', calls: [{ id: 'c', tool: 'find', with: { a: 1 } }] }, // 2 + 4 + 7
        {
          role: 'tool',
          results: [
            { id: 'c', tool: 'find', output: [1] },
            { id: 'd', tool: 'find', error: 'oops' },
          ],
        }, // 4 + 3 + 4 + 4
      ],
      tools: [{ name: 'find', description: 'desc', input: { type: 'object' } }], // 4 + 4 + 17
      output: { name: 'value', schema: { type: 'string' } }, // 17
    };
    const chars = 4 + 4 + (2 + 4 + 7) + (4 + 3 + 4 + 4) + (4 + 4 + 17) + 17;
    expect(estimateUnits(request, 0)).toEqual({ tokensIn: Math.ceil(chars / 4), tokensOut: 0 });
  });

  it('never fails on a tool output JSON cannot hold', () => {
    const request: ReplyRequest = {
      model: 'm',
      messages: [{ role: 'tool', results: [{ id: 'c', tool: 't', output: 10n }] }],
    };
    expect(estimateUnits(request, 0).tokensIn).toBe(Math.ceil((1 + 2) / 4));
  });
});
