import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkScript,
  classificationScriptEntrySchema,
  entryKind,
  invalidEntry,
} from '../../../src/fakes/script/scriptEntry.js';
import { ClassificationAdapterError, ClassificationAnswer } from '../../../src/index.js';

describe('script entries', () => {
  describe(entryKind, () => {
    it('reads the three legal shapes', () => {
      expect(entryKind({ answers: {} })).toBe('answers');
      expect(entryKind({ answers: { d: 'billing', s: 1, y: new ClassificationAnswer({ type: 'yesNo' }) } })).toBe(
        'answers',
      );
      expect(entryKind({ error: new ClassificationAdapterError('timeout') })).toBe('error');
      expect(entryKind({ retryUntilCall: 1 })).toBe('retry');
    });

    it('has no shape for anything else', () => {
      for (const entry of [
        null,
        undefined,
        'answers',
        [],
        {},
        { answers: [] },
        { answers: null },
        { error: new Error('x') },
        { retryUntilCall: 0 },
        { retryUntilCall: 1.5 },
        { retryUntilCall: '2' },
        { answers: {}, retryUntilCall: 2 },
        new (class Entry {
          answers = {};
        })(),
      ]) {
        expect(entryKind(entry)).toBeUndefined();
      }
    });

    it('agrees with classificationScriptEntrySchema on any input', () => {
      const entry = fc.oneof(
        fc.anything(),
        fc.record(
          { answers: fc.oneof(fc.anything(), fc.dictionary(fc.string(), fc.anything())) },
          { requiredKeys: [] },
        ),
        fc.record({ retryUntilCall: fc.oneof(fc.integer(), fc.double(), fc.anything()) }),
        fc.record({
          error: fc.constantFrom<unknown>(new ClassificationAdapterError('unknown'), new Error('x'), 'rate_limited'),
        }),
        fc.record({ answers: fc.constant({}), extra: fc.anything() }),
      );
      fc.assert(
        fc.property(entry, (value) => {
          expect(entryKind(value) !== undefined).toBe(classificationScriptEntrySchema.safeParse(value).success);
        }),
      );
    });
  });

  describe(checkScript, () => {
    it('accepts a list of legal entries, and the empty list', () => {
      expect(() => checkScript([])).not.toThrow();
      expect(() =>
        checkScript([{ answers: {} }, { retryUntilCall: 3 }, { error: new ClassificationAdapterError('timeout') }]),
      ).not.toThrow();
    });

    it('throws K0010 at the first bad entry, or for a script that is not a list', () => {
      expect(() => checkScript([{ answers: {} }, { nope: 1 }, 'x'])).toThrow(/index 1: \{"nope":1\}/);
      expect(() => checkScript('x')).toThrow(expect.objectContaining({ code: 'K0010' }));
    });
  });

  describe(invalidEntry, () => {
    it('lists the three legal shapes', () => {
      expect(invalidEntry({ ok: [] }, 4).message).toBe(
        'K0010: invalid FakeClassifier script entry at index 4: {"ok":[]} (an entry is one of { answers: { id: value } }, { error: new ClassificationAdapterError(reason) } or { retryUntilCall: n } with n a whole number of 1 or more).',
      );
    });
  });
});
