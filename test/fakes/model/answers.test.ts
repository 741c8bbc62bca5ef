import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { code, ProviderFailure, StandinError } from '../../../src/index.js';
import { fakeProvider, type Answers } from '../../../src/testing.js';
import { makeApp } from './fixtures.js';

/** The error app.fake throws for these answers, made at once (no call needed). */
function fakeError(answers: unknown): StandinError {
  try {
    makeApp().fake('writer', answers as Answers);
  } catch (error) {
    if (error instanceof StandinError) return error;
    throw new Error(`expected a StandinError, got ${String(error)}`, { cause: error });
  }
  throw new Error('expected app.fake to throw');
}

describe('answers: validated when the fake is made, not when the call comes', () => {
  describe('A plain text in the place of an answer, and a generator of parts, are no answer: an answer is the record above', () => {
    it('a plain text in the place of an answer fails T0002, naming its index and what to write', () => {
      const error = fakeError([{ text: 'fine' }, 'Open Settings']);
      expect(error.code).toBe(code.T0002);
      expect(error.message).toBe(
        "T0002: app.fake('writer', answers): answers[1]: a plain text is no answer; write { text: '...' }.",
      );
    });

    it('a generator function of parts in the place of an answer fails T0002', () => {
      const error = fakeError([
        async function* parts() {
          yield { type: 'text', text: 'Hi' };
        },
      ]);
      expect(error.code).toBe(code.T0002);
      expect(error.message).toContain(
        "answers[0]: a generator of parts is no answer; an answer is a record such as { text: '...' }",
      );
    });

    it('a generator of parts (the iterator itself) in the place of an answer fails T0002', () => {
      async function* parts() {
        yield { type: 'text', text: 'Hi' };
      }
      function* syncParts() {
        yield { type: 'text', text: 'Hi' };
      }
      for (const iterator of [parts(), syncParts()]) {
        const error = fakeError([iterator]);
        expect(error.code).toBe(code.T0002);
        expect(error.message).toContain('answers[0]: a generator (or an iterable) of parts is no answer');
      }
    });

    it('a generator of parts in the place of the answers fails T0001', () => {
      const error = fakeError(async function* parts() {
        yield { type: 'text', text: 'Hi' };
      });
      expect(error.code).toBe(code.T0001);
      expect(error.message).toContain('answers: a generator of parts is no answer; the fake makes the parts');
    });

    it.each([
      ['null', null, 'answers[0]: null is no answer'],
      ['undefined', undefined, 'answers[0]: nothing (undefined) is no answer'],
      ['a number', 42, 'answers[0]: a number is no answer'],
      ['a boolean', true, 'answers[0]: a boolean is no answer'],
      ['a nested list', [{ text: 'Hi' }], 'answers[0]: a list is no answer (is a list nested in the list?)'],
      [
        'a function',
        () => ({ text: 'Hi' }),
        'answers[0]: a function is no answer in a list; to answer from the request, fake the model with one function',
      ],
      [
        'an error',
        new Error('down'),
        "answers[0]: an error is no answer; to make the call fail as a provider that is down, write { fail: 'server' }",
      ],
      ['a ProviderFailure', new ProviderFailure('rate_limit', 'slow'), "write { fail: 'rate_limit' }"],
      ['a promise', Promise.resolve({ text: 'Hi' }), 'answers[0]: a promise is no answer in a list'],
      ['a Map', new Map([['text', 'Hi']]), 'answers[0]: a generator (or an iterable) of parts is no answer'],
    ])('%s in the place of an answer fails T0002', (_name, answer, words) => {
      const error = fakeError([answer]);
      expect(error.code).toBe(code.T0002);
      expect(error.message).toContain(words);
    });
  });

  describe('an answer record', () => {
    it('an unknown field fails T0003 and suggests the field meant', () => {
      const error = fakeError([{ txt: 'Hi' }]);
      expect(error.code).toBe(code.T0003);
      expect(error.message).toBe(
        "T0003: app.fake('writer', answers): answers[0] is not an answer record:\nanswers[0].txt: unknown key 'txt'. Did you mean 'text'? Allowed keys here: text, calls, value, reasoning, parts, units, finish, fail, failAfter, times, retryAfterMs, delayMs, partDelayMs, when, pace, misbehave.",
      );
    });

    it('an unknown field inside a call fails T0003 and suggests the field meant', () => {
      const error = fakeError([{ calls: [{ tool: 'findInGuide', width: {} }] }]);
      expect(error.code).toBe(code.T0003);
      expect(error.message).toContain(
        "answers[0].calls[0].width: unknown key 'width'. Did you mean 'with'? Allowed keys here: tool, with, id, signature.",
      );
    });

    it.each([
      ['text', { text: 42 }, 'answers[0].text: expected a string, got a number.'],
      [
        'calls',
        { calls: { tool: 'x' } },
        "answers[0].calls: expected a list of tool calls, such as [{ tool: 'findInGuide', with: { words: '...' } }], got an object.",
      ],
      [
        'calls[0].tool',
        { calls: [{ with: {} }] },
        "answers[0].calls[0].tool: missing. Write the tool's name as a non-empty string.",
      ],
      ['calls[0].tool empty', { calls: [{ tool: '' }] }, 'answers[0].calls[0].tool: too small'],
      ['reasoning', { reasoning: 7 }, 'answers[0].reasoning: expected a text or a list of blocks, got a number.'],
      [
        'units.cachedIn past tokensIn',
        { text: 'a', units: { tokensIn: 1, tokensOut: 2, cachedIn: 9 } },
        'answers[0].units.cachedIn: cachedIn and cacheWriteIn are parts of tokensIn: together at most tokensIn',
      ],
      [
        'units.reasoningOut past tokensOut',
        { text: 'a', units: { tokensIn: 1, tokensOut: 2, reasoningOut: 5 } },
        'answers[0].units.reasoningOut: reasoningOut is a part of tokensOut: at most tokensOut',
      ],
      [
        'reasoning[1]',
        { reasoning: ['a', 2] },
        'answers[0].reasoning[1]: expected a text, or a block { text, signature?, redacted?, id? }, got a number.',
      ],
      [
        'parts',
        { value: 1, parts: 0 },
        "answers[0].parts: too small: expected number to be >=1. Write a whole number of parts (1 or more), a list of offsets to cut the text or the JSON at, or a list of stream parts such as 'Hel', { text } or { hold: 'mid' }.",
      ],
      [
        'parts type',
        { value: 1, parts: 'three' },
        "answers[0].parts: expected a whole number of parts (1 or more), a list of offsets to cut the text or the JSON at, or a list of stream parts such as 'Hel', { text } or { hold: 'mid' }, got a string.",
      ],
      ['units', { text: 'a', units: { tokensIn: 1.5, tokensOut: -1 } }, 'answers[0].units.tokensIn:'],
      [
        'units key',
        { text: 'a', units: { tokensIn: 1, tokensOut: 1, total: 2 } },
        "answers[0].units.total: unknown key 'total'",
      ],
      ['fail', { fail: 'overloaded' }, 'answers[0].fail: invalid option: expected one of'],
    ])('a wrong type (%s) fails T0003 at its path, saying what to write', (_name, answer, words) => {
      const error = fakeError([{ text: 'ok' }, { text: 'ok' }].map((a, i) => (i === 0 ? answer : a)));
      expect(error.code).toBe(code.T0003);
      expect(error.message).toContain(words);
    });

    it('fail goes with no other field (T0003)', () => {
      const error = fakeError([{ fail: 'server', text: 'Hi', units: { tokensIn: 1, tokensOut: 1 } }]);
      expect(error.code).toBe(code.T0003);
      expect(error.message).toContain(
        'answers[0]: fail makes the call fail before any part, so it goes with no other field. Remove text, units, add failAfter: n to fail after n parts, or times: n to fail n tries and then answer; or drop fail.',
      );
    });

    it('parts without a value or a text fails T0003', () => {
      const error = fakeError([{ reasoning: 'Hm', parts: 2 }]);
      expect(error.code).toBe(code.T0003);
      expect(error.message).toContain(
        'answers[0].parts: parts says how a value or a text arrives, and this answer has neither.',
      );
    });

    it('an empty answer gives nothing and fails T0003; { text: "" } is the empty reply', () => {
      for (const empty of [{}, { units: { tokensIn: 1, tokensOut: 1 } }, { calls: [] }, { text: undefined }]) {
        const error = fakeError([empty]);
        expect(error.code).toBe(code.T0003);
        expect(error.message).toContain(
          "answers[0]: an empty answer gives nothing. Write { text: '' } for an empty reply",
        );
      }
      expect(() => makeApp().fake('writer', [{ text: '' }])).not.toThrow();
    });

    it('two calls of one answer with one id fail T0003', () => {
      const error = fakeError([
        {
          calls: [
            { tool: 'a', id: 'x' },
            { tool: 'b', id: 'x' },
          ],
        },
      ]);
      expect(error.code).toBe(code.T0003);
      expect(error.message).toContain("answers[0].calls[1].id: 'x' is the id of calls[0] too.");
    });

    it.each([
      ['a Date', { at: new Date(0) }, 'answers[0].value.at: a Date, which is not a plain object'],
      ['a function', { f: () => 1 }, 'answers[0].value.f: a function'],
      ['a bigint', [1n], 'answers[0].value[0]: a bigint'],
      ['NaN', { n: Number.NaN }, 'answers[0].value.n: NaN, a number that is not finite'],
      ['Infinity', Number.POSITIVE_INFINITY, 'answers[0].value: Infinity, a number that is not finite'],
      ['undefined in a list', [undefined], 'answers[0].value[0]: undefined'],
    ])('a value holding %s fails T0004, as JSON cannot hold it', (_name, value, words) => {
      const error = fakeError([{ value }]);
      expect(error.code).toBe(code.T0004);
      expect(error.message).toContain(words);
      expect(error.message).toContain('which JSON cannot hold');
    });

    it('a value with a cycle fails T0004', () => {
      const value: Record<string, unknown> = { a: 1 };
      value.self = value;
      const error = fakeError([{ value }]);
      expect(error.code).toBe(code.T0004);
      expect(error.message).toContain('answers[0].value.self: the value again (a cycle)');
    });

    it('a call input that JSON cannot hold fails T0004', () => {
      const error = fakeError([{ calls: [{ tool: 't', with: { n: 1n } }] }]);
      expect(error.code).toBe(code.T0004);
      expect(error.message).toContain('answers[0].calls[0].with.n: a bigint');
    });

    it('an object property that is undefined is left out, as JSON leaves it out', () => {
      expect(() => makeApp().fake('writer', [{ value: { a: 1, b: undefined } }])).not.toThrow();
    });

    it.each([
      ['not increasing', [6, 3], '[1]: 3 does not come after 6; offsets increase'],
      ['at the start', [0], "[0]: 0 is not inside the value's JSON (13 characters, so offsets go from 1 to 12)"],
      ['past the end', [13], '[0]: 13 is not inside the value'],
      ['not whole', [2.5], '[0]: 2.5 is not a whole offset'],
    ])('parts cut at places that are %s fails T0005, giving the JSON', (_name, parts, words) => {
      const error = fakeError([{ value: { a: 'hello' }, parts }]);
      expect(error.code).toBe(code.T0005);
      expect(error.message).toContain(`answers[0].parts${words}`);
      expect(error.message).toContain('The value\'s JSON is 13 characters: {"a":"hello"}.');
    });

    it('parts cut between the two halves of one character fails T0005', () => {
      const error = fakeError([{ value: '😀', parts: [2] }]);
      expect(error.code).toBe(code.T0005);
      expect(error.message).toContain('falls between the two halves of one character');
    });
  });

  describe('the answers themselves: a list, a function, or a record of calls', () => {
    it.each([
      ['a plain text', 'Hello', "answers: a plain text is no list of answers; write [{ text: '...' }]."],
      ['a number', 3, 'answers: a number is none of the forms; fake a model with a list of answers'],
      ['null', null, 'answers: null is none of the forms'],
      ['undefined', undefined, 'answers: nothing is none of the forms'],
      [
        'one answer',
        { text: 'Hi', units: { tokensIn: 1, tokensOut: 2 } },
        'answers: one answer is no list of answers; write a list: [{ text, units }].',
      ],
      ['a Set', new Set([{ text: 'Hi' }]), 'answers: a generator (or an iterable) of parts is no answer'],
    ])('%s fails T0001, saying what to write', (_name, answers, words) => {
      const error = fakeError(answers);
      expect(error.code).toBe(code.T0001);
      expect(error.message).toContain(words);
    });

    it('a record with an unknown call fails T0001 and suggests the call meant', () => {
      const error = fakeError({ reply: [], embedd: () => [1] });
      expect(error.code).toBe(code.T0001);
      expect(error.message).toBe(
        "T0001: app.fake('writer', answers): answers is not a record of calls:\nanswers.embedd: unknown key 'embedd'. Did you mean 'embed'? Allowed keys here: reply, embed, hear, speak, rank, image, call, countTokens.",
      );
    });

    it('a record call that is not a function fails T0001, saying what to write', () => {
      const error = fakeError({ embed: [0.1, 0.2] });
      expect(error.code).toBe(code.T0001);
      expect(error.message).toContain(
        'answers.embed: expected a function, got an array. Write a function (text) => vector, such as embedByHash(8).',
      );
    });

    it('a record reply that is neither a list nor a function fails T0001', () => {
      const error = fakeError({ reply: { text: 'Hi' } });
      expect(error.code).toBe(code.T0001);
      expect(error.message).toContain(
        'answers.reply: expected a list of answers, or a function of the request, got an object.',
      );
    });

    it('a record reply that is a generator fails T0001', () => {
      const error = fakeError({
        *reply() {
          yield { type: 'text', text: 'Hi' };
        },
      });
      expect(error.code).toBe(code.T0001);
      expect(error.message).toContain('answers.reply: a generator of parts is no answer');
    });

    it('a bad answer of a record reply is named by its place: answers.reply[i]', () => {
      const error = fakeError({ reply: [{ text: 'ok' }, 'plain'] });
      expect(error.code).toBe(code.T0002);
      expect(error.message).toContain('answers.reply[1]: a plain text is no answer');
    });

    it('an empty record and an empty list are accepted (every call then fails)', () => {
      expect(() => makeApp().fake('writer', {})).not.toThrow();
      expect(() => makeApp().fake('writer', [])).not.toThrow();
    });
  });

  describe('untrusted answers', () => {
    it('anything at all either makes a fake or fails with a T code, never a bare error', () => {
      fc.assert(
        fc.property(
          fc.anything({
            withBigInt: true,
            withDate: true,
            withMap: true,
            withSet: true,
            withTypedArray: true,
            withNullPrototype: true,
          }),
          (answer) => {
            for (const answers of [answer, [answer], { reply: [answer] }]) {
              try {
                fakeProvider(answers as Answers);
              } catch (error) {
                expect(error).toBeInstanceOf(StandinError);
                expect((error as StandinError).code).toMatch(/^T000[1-5]$/);
              }
            }
          },
        ),
        { numRuns: 500 },
      );
    });

    it('answer-shaped records with random fields either make a fake or fail with T0002-T0005', () => {
      const field = fc.oneof(
        fc.string(),
        fc.integer(),
        fc.jsonValue(),
        fc.constant(undefined),
        fc.array(fc.integer({ min: -3, max: 30 })),
      );
      const answer = fc.record(
        {
          text: field,
          calls: fc.oneof(
            field,
            fc.array(fc.record({ tool: field, with: fc.jsonValue(), id: field }, { requiredKeys: ['tool'] })),
          ),
          value: fc.oneof(fc.jsonValue(), field),
          reasoning: fc.oneof(field, fc.array(fc.string())),
          parts: fc.oneof(fc.integer({ min: -2, max: 50 }), fc.array(fc.integer({ min: -2, max: 60 }))),
          units: fc.oneof(
            field,
            fc.record({ tokensIn: fc.integer({ min: -2, max: 9 }), tokensOut: fc.integer({ min: -2, max: 9 }) }),
          ),
          fail: fc.oneof(fc.constantFrom('server', 'auth', 'nope'), field),
        },
        { requiredKeys: [] },
      );
      fc.assert(
        fc.property(fc.array(answer, { maxLength: 4 }), (answers) => {
          try {
            fakeProvider(answers as Answers);
          } catch (error) {
            expect(error).toBeInstanceOf(StandinError);
            expect((error as StandinError).code).toMatch(/^T000[2-5]$/);
            expect((error as StandinError).message).toMatch(/answers\[\d+\]/);
          }
        }),
        { numRuns: 1000 },
      );
    });
  });
});
