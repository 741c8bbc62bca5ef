import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { answerSchema, quickAnswer, quickPart } from '../../../src/fakes/model/answerSchema.js';
import { partSchema } from '../../../src/fakes/model/madeParts.js';

/** Values of every kind a field may be given, right or wrong. */
const anyValue = fc.oneof(
  fc.string(),
  fc.constantFrom('', 'stop', 'calls', 'length', 'server'),
  fc.integer({ min: -3, max: 5 }),
  fc.double(),
  fc.constant(undefined),
  fc.constant(null),
  fc.boolean(),
  fc.array(fc.oneof(fc.string(), fc.integer(), fc.double())),
  fc.record({ tokensIn: fc.integer({ min: -1, max: 9 }), tokensOut: fc.integer({ min: -1, max: 9 }) }),
  fc.record({ tokensIn: fc.integer({ min: 0, max: 9 }) }),
  fc.array(
    fc.record(
      {
        tool: fc.oneof(fc.string(), fc.integer()),
        with: fc.jsonValue(),
        id: fc.oneof(fc.string(), fc.constant(undefined)),
      },
      { requiredKeys: [] },
    ),
  ),
  fc.array(fc.oneof(fc.record({ text: fc.string() }), fc.record({ json: fc.string() }), fc.integer())),
);

const keys = ['text', 'value', 'reasoning', 'finish', 'units', 'calls', 'parts', 'fail', 'txt', 'when'];
const answerLike = fc.dictionary(fc.constantFrom(...keys), anyValue, { maxKeys: 4 });
const partLike = fc.oneof(
  fc.record({ text: fc.oneof(fc.string(), fc.integer()) }),
  fc.record({ reasoning: fc.string(), block: fc.integer({ min: -1, max: 2 }) }, { requiredKeys: ['reasoning'] }),
  fc.dictionary(fc.constantFrom('text', 'reasoning', 'json', 'block', 'call', 'units', 'x'), anyValue, { maxKeys: 3 }),
  anyValue,
);

describe('quickAnswer', () => {
  it('accepts only answers the answer schema accepts, and accepts the plain shapes', () => {
    let accepted = 0;
    fc.assert(
      fc.property(answerLike, (raw) => {
        if (quickAnswer(raw) === undefined) return;
        accepted++;
        expect(answerSchema.safeParse(raw).success).toBe(true);
      }),
      { numRuns: 3000 },
    );
    expect(accepted).toBeGreaterThan(100);
    expect(quickAnswer({ text: 'Hi', units: { tokensIn: 1, tokensOut: 2 } })).toBeDefined();
  });

  it('leaves to the schema what it does not know: a failure, a when, an unknown key', () => {
    for (const raw of [
      { fail: 'server' },
      { when: { user: 'a' }, text: 'a' },
      { txt: 'a' },
      Object.create({ text: 'a' }),
    ]) {
      expect(quickAnswer(raw)).toBeUndefined();
    }
  });
});

describe('quickPart', () => {
  it('accepts only parts the part schema accepts, carrying one text, reasoning or JSON piece', () => {
    let accepted = 0;
    fc.assert(
      fc.property(partLike, (raw) => {
        const part = quickPart(raw);
        if (part === undefined) return;
        accepted++;
        expect(partSchema.safeParse(raw).success).toBe(true);
        expect(Object.keys(part)).toHaveLength(1);
      }),
      { numRuns: 3000 },
    );
    expect(accepted).toBeGreaterThan(50);
  });
});
