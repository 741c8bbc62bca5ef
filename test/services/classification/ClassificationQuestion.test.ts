import { describe, expect, it } from 'vitest';
import { ClassificationQuestion as Q, StandinError } from '../../../src/index.js';

function thrown(fn: () => unknown): StandinError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(StandinError);
    return error as StandinError;
  }
  throw new Error('expected a throw');
}

describe(Q, () => {
  describe('.choice', () => {
    it('takes a list of names: each option has no description', () => {
      const q = Q.choice('Which team?', ['billing', 'technical']);
      expect(q).toMatchObject({
        type: 'choice',
        instructions: 'Which team?',
        criteria: { billing: null, technical: null },
      });
    });

    it('takes a record of name -> description, kept as given', () => {
      const q = Q.choice({ text: 'Which team?' }, { billing: 'Charges and refunds', technical: { area: 'bugs' } });
      expect(q.criteria).toEqual({ billing: 'Charges and refunds', technical: { area: 'bugs' } });
      expect(q.instructions).toEqual({ text: 'Which team?' });
    });

    it('rejects names that collide: an option named twice', () => {
      const error = thrown(() => Q.choice('Which team?', ['billing', 'technical', 'billing']));
      expect(error.code).toBe('K0001');
      expect(error.message).toContain('"billing" appears twice (options[0] and options[2])');
    });

    it('rejects a name that is not a string, and options that are neither a list nor a record', () => {
      expect(thrown(() => Q.choice('?', ['a', 1 as never])).message).toContain(
        'options[1] must be an option name (a string), got 1',
      );
      for (const options of ['billing', 3, null, new Map([['a', 'A']])]) {
        expect(thrown(() => Q.choice('?', options as never)).code).toBe('K0001');
      }
    });

    it('leaves counts to the validator: no options, or an empty name, is built', () => {
      expect(Q.choice('?', []).criteria).toEqual({});
      expect(Q.choice('?', ['']).criteria).toEqual({ '': null });
    });

    it("copies the options, so a later change to the caller's record does not reach the question", () => {
      const options: Record<string, string> = { a: 'A' };
      const q = Q.choice('?', options);
      options.b = 'B';
      expect(q.criteria).toEqual({ a: 'A' });
    });
  });

  describe('.score', () => {
    it('takes the levels, lowest first, as given', () => {
      expect(Q.score('How frustrated?', ['Calm', { name: 'Annoyed' }, 'Angry'])).toMatchObject({
        type: 'score',
        criteria: ['Calm', { name: 'Annoyed' }, 'Angry'],
      });
    });

    it('rejects levels that are not a list', () => {
      expect(thrown(() => Q.score('?', 'Calm' as never)).code).toBe('K0001');
    });
  });

  describe('.yesNo', () => {
    it('has no criteria without labels', () => {
      expect(Q.yesNo('Is a refund requested?')).toMatchObject({ type: 'yesNo', criteria: null });
    });

    it('keeps only the labels given', () => {
      expect(Q.yesNo('?', { true: 'Money back' }).criteria).toEqual({ true: 'Money back' });
      expect(Q.yesNo('?', { true: 'y', false: 'n' }).criteria).toEqual({ true: 'y', false: 'n' });
      expect(Q.yesNo('?', {}).criteria).toEqual({});
    });

    it('rejects an unknown label, and labels that are not strings', () => {
      expect(thrown(() => Q.yesNo('?', { yes: 'y' } as never)).message).toContain("unknown label 'yes'");
      expect(thrown(() => Q.yesNo('?', { true: 1 } as never)).code).toBe('K0001');
      expect(thrown(() => Q.yesNo('?', 'labels' as never)).code).toBe('K0001');
    });
  });

  describe('new ClassificationQuestion(init)', () => {
    it('takes the fields as they are, checking nothing but the keys', () => {
      const q = new Q({ type: 'ranking' as 'choice', instructions: '' });
      expect(q).toMatchObject({ type: 'ranking', instructions: '', criteria: null });
      expect(thrown(() => new Q({ type: 'choice', instructions: 'x', options: [] } as never)).message).toContain(
        "unknown key 'options'",
      );
      expect(thrown(() => new Q(null as never)).code).toBe('K0001');
    });
  });
});
