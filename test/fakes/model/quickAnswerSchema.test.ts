import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { answerSchema, quickAnswer as plainAnswer } from '../../../src/fakes/model/answerSchema.js';
import { prepareAnswer } from '../../../src/fakes/model/prepareAnswer.js';

/** Values near the edges of what the schema takes, and anything at all. */
const loose = fc.oneof(
  fc.constantFrom(undefined, null, '', 'Hi', 0, 1, 1.5, -1, false, true, [], {}, { text: 'x' }),
  fc.string(),
  fc.anything(),
);
const part = fc.oneof(
  fc.record({ text: fc.string() }),
  fc.record({ reasoning: fc.string(), block: loose }, { requiredKeys: ['reasoning'] }),
  fc.dictionary(fc.string(), loose, { maxKeys: 3 }),
  fc.integer(),
  loose,
);
const answer = fc.oneof(
  fc.record(
    { text: fc.oneof(fc.string(), loose), parts: fc.oneof(fc.array(part, { maxLength: 4 }), loose) },
    {
      requiredKeys: [],
    },
  ),
  fc.record({ text: fc.string() }),
  fc.record({ parts: fc.array(fc.record({ text: fc.string() }), { maxLength: 4 }) }),
  fc.record(
    { text: fc.string(), units: loose, finish: loose, delayMs: loose, other: loose },
    { requiredKeys: ['text'] },
  ),
  loose,
);
const source = { owner: 'fake', label: 'answers(request)', index: undefined, idPrefix: 'call_m1' };

describe('quickAnswer against answerSchema', () => {
  it('are read only when answerSchema accepts them, and read as it reads them', () => {
    fc.assert(
      fc.property(answer, (raw) => {
        const plain = plainAnswer(raw);
        if (plain === undefined) return;
        const parsed = answerSchema.safeParse(raw);
        expect(parsed.success).toBe(true);
        expect(plain).toStrictEqual(parsed.data);
      }),
      { numRuns: 3000 },
    );
  });

  it('take the answers a wire server is commonly faked with', () => {
    expect(plainAnswer({ text: 'Hello!' })).toEqual({ text: 'Hello!' });
    expect(plainAnswer({ parts: [{ text: 'a' }, { text: 'b' }] })).toEqual({ parts: [{ text: 'a' }, { text: 'b' }] });
    expect(prepareAnswer({ text: 'Hello!' }, source).parts).toEqual([{ type: 'text', text: 'Hello!' }]);
  });

  it('leave to the schema what it must word or check further', () => {
    const hidden = { text: 'Hi' };
    Object.defineProperty(hidden, 'finish', { value: 'nope', enumerable: false });
    for (const raw of [
      hidden,
      { text: 1 },
      new Proxy({ text: 'Hi' }, {}),
      Object.assign(Object.create(null), { text: 'Hi' }),
    ])
      expect(plainAnswer(raw)).toBeUndefined();
    expect(() => prepareAnswer(hidden, source)).toThrow(/T0003/);
  });
});
