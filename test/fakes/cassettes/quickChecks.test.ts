import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cassetteCalls, cassetteFileSchema, entrySchema } from '../../../src/fakes/cassettes/cassetteSchema.js';
import { fitsCassetteFile, fitsEntry, quickReply } from '../../../src/fakes/cassettes/quickChecks.js';
import { prepareAnswer } from '../../../src/fakes/model/prepareAnswer.js';

/** `value` as `JSON.parse` gives it back: what the checks read. */
const asParsed = (value: unknown): unknown => JSON.parse(JSON.stringify(value) ?? 'null');

/** A value of each JSON type, and objects and lists of them. */
const json = fc.jsonValue({ maxDepth: 3 });
const record = fc.dictionary(fc.string({ maxLength: 6 }), json, { maxKeys: 4 });
/** A whole number, or a number or a text that is none (negative, fractional, past the safe range). */
const count = fc.oneof(fc.nat(), fc.constantFrom(-1, 1.5, 2 ** 53, -0), fc.string({ maxLength: 3 }));
/** An object with some of `fields`, each present or not alike (a record's optional keys are mostly present). */
const someOf = <T extends Record<string, unknown>>(fields: { [K in keyof T]: fc.Arbitrary<T[K]> }) =>
  fc
    .tuple(fc.subarray(Object.keys(fields)), fc.record(fields))
    .map(([keys, all]) => Object.fromEntries(keys.map((key) => [key, all[key]])));
/** Keys an object may carry beside its own, a known key among them. */
const extra = (known: readonly string[]) =>
  fc.dictionary(fc.oneof(fc.constantFrom(...known), fc.string({ maxLength: 5 })), json, { maxKeys: 1 });

describe(fitsCassetteFile, () => {
  it('accepts exactly what cassetteFileSchema accepts', () => {
    const file = someOf({
      standin: fc.oneof(fc.constant('cassette'), json),
      version: fc.oneof(fc.constant(1), json),
      entries: fc.oneof(fc.array(json, { maxLength: 3 }), json),
    });
    const anyFile = fc.oneof(
      file,
      fc.tuple(file, extra(['standin'])).map(([f, more]) => ({ ...more, ...f })),
      json,
    );
    fc.assert(
      fc.property(anyFile.map(asParsed), (value) => {
        expect(fitsCassetteFile(value)).toBe(cassetteFileSchema.safeParse(value).success);
      }),
      { numRuns: 2000 },
    );
  });
});

describe(fitsEntry, () => {
  const entry = someOf({
    model: fc.oneof(fc.string({ maxLength: 4 }), json),
    call: fc.oneof(fc.constantFrom(...cassetteCalls), fc.string({ maxLength: 6 }), json),
    fallback: fc.oneof(count, json),
    request: fc.oneof(record, json),
    when: fc.oneof(fc.constant({ user: 'refund' }), json),
    answer: fc.oneof(record, json),
    timing: fc.oneof(
      someOf({
        firstMs: fc.oneof(count, fc.constant(600_001)),
        gapsMs: fc.oneof(fc.array(fc.oneof(count, fc.constant(600_001)), { maxLength: 3 }), json),
      }),
      fc
        .tuple(fc.record({ firstMs: fc.nat(), gapsMs: fc.array(fc.nat(), { maxLength: 2 }) }), extra(['firstMs']))
        .map(([t, more]) => ({ ...more, ...t })),
      json,
    ),
  });
  const anyEntry = fc.oneof(
    { weight: 4, arbitrary: entry },
    fc.tuple(entry, extra(['model', 'answer'])).map(([e, more]) => ({ ...more, ...e })),
    json,
  );

  it('accepts exactly what entrySchema accepts, and leaves every entry with a when to it', () => {
    fc.assert(
      fc.property(anyEntry.map(asParsed), (raw) => {
        const when = (raw as { when?: unknown } | null)?.when;
        expect(fitsEntry(raw)).toBe(entrySchema.safeParse(raw).success && when === undefined);
      }),
      { numRuns: 3000 },
    );
  });

  it('accepts an entry as a recording writes it', () => {
    const written = { model: 'writer', call: 'reply', request: { messages: [] }, answer: { text: 'Hi' } };
    expect(fitsEntry(written)).toBe(true);
    expect(fitsEntry({ call: 'classify', fallback: 0, request: {}, answer: { answers: {} } })).toBe(true);
    expect(fitsEntry({ ...written, timing: { firstMs: 412, gapsMs: [31, 0, 29] } })).toBe(true);
  });
});

describe(quickReply, () => {
  /** Mostly what the field holds in a recording, now and then anything. */
  const mostly = <T>(good: fc.Arbitrary<T>) => fc.oneof({ weight: 6, arbitrary: good }, { weight: 1, arbitrary: json });
  const text = mostly(fc.string({ maxLength: 8 }));
  const call = someOf({
    tool: mostly(fc.constantFrom('find', '')),
    with: json,
    id: mostly(fc.constantFrom('c1', 'c1', 'c2', '')),
  });
  const units = someOf({ tokensIn: mostly(fc.nat()), tokensOut: mostly(count) });
  const fields = someOf({
    text,
    reasoning: fc.oneof(text, fc.array(text, { maxLength: 2 })),
    units: mostly(
      fc.oneof(
        units,
        fc.tuple(units, extra(['tokensIn'])).map(([u, more]) => ({ ...more, ...u })),
      ),
    ),
    finish: mostly(fc.constantFrom('stop', 'calls', 'length', 'done')),
    calls: mostly(fc.array(call, { minLength: 1, maxLength: 3 })),
    value: json,
  });
  /** Now and then a field the quick check leaves to the loading: fail, parts, delayMs. */
  const others = someOf({ fail: fc.constantFrom('server', 'rate'), parts: mostly(fc.nat(3)), delayMs: count });
  const answer = fc.oneof(
    { weight: 4, arbitrary: fields },
    fc.tuple(fields, others).map(([f, o]) => ({ ...o, ...f })),
  );
  const source = { owner: 'The cassette x.json', label: 'entries[0].answer', index: 0, idPrefix: 'call_0' };

  it('accepts only answers prepareAnswer prepares, so a reply prepared on its first replay never fails there', () => {
    let accepted = 0;
    fc.assert(
      fc.property(answer.map(asParsed), (raw) => {
        if (!quickReply(raw as Record<string, unknown>)) return;
        accepted++;
        expect(() => prepareAnswer(raw, source)).not.toThrow();
      }),
      { numRuns: 3000 },
    );
    // The property says something only if it accepts a good share of what it is given.
    expect(accepted).toBeGreaterThan(100);
  });

  it('accepts the answers a recording writes', () => {
    for (const written of [
      { text: 'Hi', units: { tokensIn: 12, tokensOut: 3 } },
      { text: '', reasoning: ['a', 'b'], finish: 'length' },
      { calls: [{ tool: 'find', with: { words: 'refund' }, id: 'toolu_1' }], finish: 'calls' },
      { value: { answer: 42 }, units: { tokensIn: 1, tokensOut: 1 } },
    ]) {
      expect(quickReply(written)).toBe(true);
    }
  });

  it('leaves the loading to check any other answer', () => {
    for (const other of [
      { txt: 'Hi' },
      { fail: 'server' },
      { text: 'Hi', parts: 2 },
      {},
      { calls: [] },
      { text: 'Hi', units: { tokensIn: 1 } },
      {
        calls: [
          { tool: 'a', id: 'x' },
          { tool: 'b', id: 'x' },
        ],
      },
    ]) {
      expect(quickReply(other)).toBe(false);
    }
  });
});
