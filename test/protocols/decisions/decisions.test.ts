import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Classification } from '../../../src/protocols/Classification.js';
import { AnswerMismatch, UnsendableClassification } from '../../../src/protocols/classificationFaults.js';
import { decisionsFailures } from '../../../src/protocols/decisions/decisionsFailures.js';
import { readDecisionsReply, writeDecisionsReply } from '../../../src/protocols/decisions/decisionsReply.js';
import { readDecisions, writeDecisions } from '../../../src/protocols/decisions/decisionsRequest.js';
import { decisionsBody, decisionsReply } from '../../../src/protocols/decisions/decisionsShapes.js';
import { failureAnswer, failureKindOf, type FailureRow } from '../../../src/protocols/failures.js';
import { openaiError } from '../../../src/protocols/openai/openaiErrors.js';
import type { WireFault } from '../../../src/protocols/WireFault.js';
import { decisions } from '../../../src/server/dialects/decisions/decisions.js';
import { errorReport } from '../../../src/services/providers/http/ErrorReport.js';
import { failureKind } from '../../../src/services/providers/http/failureKind.js';
import type { FailureKind } from '../../../src/services/spec/failures.js';
import { fixture, fixtureNames } from '../../support/classifierFixtures.js';
import { classification, classified, jsonObject, key, type ClassificationWire } from '../classificationArbitraries.js';

const functionCall = fc.record({
  type: fc.constant('function_call'),
  call_id: key,
  name: key,
  arguments: fc.string(),
});
const image = fc.record({ type: fc.constant('input_image'), image_url: fc.webUrl() });

/**
 * What the Decisions API carries. A predicate takes no labels; an option's description is a text;
 * a level is a label, or a label with a description (a level `{ label }` alone is written, and so
 * read, as its label); a state list holds texts and input items, instructions texts and parts (a
 * list of one JSON part is written, and so read, as the object it holds).
 */
const wire: ClassificationWire = {
  state: fc.oneof(fc.string(), jsonObject, fc.array(fc.oneof(fc.string(), functionCall), { maxLength: 3 })),
  instructions: fc.oneof(fc.string(), jsonObject, fc.array(fc.oneof(fc.string(), image), { maxLength: 3 })),
  description: fc.oneof(fc.constant(null), fc.string()),
  level: fc.oneof(fc.string(), fc.record({ label: fc.string(), description: fc.string() })),
  labels: fc.constant(null),
  minOptions: 2,
};

const sent = (body: unknown): unknown => JSON.parse(JSON.stringify(body));

function thrown(run: () => unknown): WireFault {
  try {
    run();
  } catch (error) {
    return error as WireFault;
  }
  throw new Error('expected a fault');
}

const kinds = Object.keys(decisionsFailures) as Exclude<FailureKind, 'network'>[];
const predicate = { type: 'predicate', name: 'refund', instructions: 'A refund is asked for.' };

describe('the Decisions API, both ways', () => {
  describe('requests', () => {
    it('reads back the classification it wrote: input, model, questions of each type with instructions and criteria', () => {
      fc.assert(
        fc.property(classification(wire), (asked) => {
          const body = sent(writeDecisions(asked));
          expect(decisionsBody.safeParse(body).success).toBe(true);
          expect(readDecisions(body)).toEqual(asked);
        }),
        { numRuns: 300 },
      );
    });

    it('cannot send a yes-no question that says what yes means: a predicate takes instructions only', () => {
      const asked: Classification = {
        state: 'x',
        questions: { refund: { type: 'yesNo', instructions: '?', criteria: { true: 'money back' } } },
      };
      const fault = thrown(() => writeDecisions(asked));
      expect(fault).toBeInstanceOf(UnsendableClassification);
      expect((fault as UnsendableClassification).at).toEqual({ question: 'refund', field: 'criteria' });
    });

    it('refuses two questions of one name, and two choices of one value, naming the second', () => {
      expect(thrown(() => readDecisions({ input: 'x', questions: [predicate, predicate] })).fault).toMatchObject({
        kind: 'refused',
        issue: { path: ['questions', 1, 'name'] },
      });
      const choices = [{ value: 'billing' }, { value: 'billing' }];
      const question = { type: 'choice', name: 'team', instructions: '?', choices };
      expect(thrown(() => readDecisions({ input: 'x', questions: [question] })).fault).toMatchObject({
        kind: 'refused',
        issue: { path: ['questions', 0, 'choices', 1, 'value'] },
      });
    });

    it('refuses a field the API does not take, and a choice of one option', () => {
      expect(thrown(() => readDecisions({ input: 'x', questions: [predicate], temperature: 0 })).fault).toMatchObject({
        issue: { code: 'unrecognized_keys', keys: ['temperature'] },
      });
      const question = { type: 'choice', name: 'team', instructions: '?', choices: [{ value: 'billing' }] };
      expect(thrown(() => readDecisions({ input: 'x', questions: [question] })).fault).toMatchObject({
        issue: { code: 'too_small', path: ['questions', 0, 'choices'] },
      });
    });
  });

  describe('replies', () => {
    it('reads back the answers and refusals it wrote, in the questions’ order, with the usage', () => {
      // The wire carries no legend: a score's legend is drawn as its question's levels.
      const asked = classification(wire).chain((request) =>
        fc.tuple(fc.constant(request), classified(request.questions, { refusals: true, total: true })),
      );
      fc.assert(
        fc.property(asked, ([request, reply]) => {
          const text = writeDecisionsReply(reply, request.questions);
          expect(decisionsReply.safeParse(JSON.parse(text)).success).toBe(true);
          expect(readDecisionsReply(JSON.parse(text), request.questions)).toEqual(reply);
        }),
        { numRuns: 300 },
      );
    });

    it('reads answers out of the questions’ order as a mismatch naming the answer', () => {
      const questions = {
        refund: { type: 'yesNo', instructions: '?', criteria: null },
        other: { type: 'yesNo', instructions: '?', criteria: null },
      } as const;
      const answers = [
        { type: 'predicate', name: 'other', probability: 0.5 },
        { type: 'predicate', name: 'refund', probability: 0.5 },
      ];
      const fault = thrown(() => readDecisionsReply({ answers }, questions));
      expect(fault).toBeInstanceOf(AnswerMismatch);
      expect(fault).toMatchObject({ path: 'body.answers[0].name', question: 'refund' });
    });
  });

  describe('failures', () => {
    it('reads every failure kind back from the error body the wire server writes for it', () => {
      fc.assert(
        fc.property(fc.constantFrom(...kinds), fc.nat({ max: 120_000 }), fc.string(), (kind, ms, scripted) => {
          const answer = failureAnswer(decisionsFailures, kind, ms) as FailureRow;
          const message = `${answer.message} (scripted: ${scripted})`;
          const details = { type: answer.type, code: answer.code, param: answer.param };
          const body = decisions.errorBody(message, details, 'req_1', answer.status);
          expect(openaiError.safeParse(body).success).toBe(true);
          expect(failureKindOf(decisionsFailures, { status: answer.status, ...errorReport(body) })).toBe(kind);
        }),
        { numRuns: 200 },
      );
    });
  });

  describe('fixtures', () => {
    it('parses every documented body with the protocol’s shapes', () => {
      expect(decisionsBody.safeParse(fixture('decisions', 'request')).success).toBe(true);
      for (const name of fixtureNames('decisions', 'reply'))
        expect(decisionsReply.safeParse(fixture('decisions', name)).success, name).toBe(true);
      const errors = fixtureNames('decisions', 'error');
      expect(errors.length).toBeGreaterThan(0);
      for (const name of errors) expect(openaiError.safeParse(fixture('decisions', name)).success, name).toBe(true);
    });

    it('reads the documented replies against the documented request’s questions, and writes them back', () => {
      const { questions } = readDecisions(fixture('decisions', 'request'));
      const refusal = readDecisionsReply(fixture('decisions', 'reply-refusal'), questions);
      expect(refusal).toMatchObject({ refused: ['team', 'urgency'], answers: { refund: { yesProbability: 0.91 } } });
      for (const name of fixtureNames('decisions', 'reply')) {
        const reply = readDecisionsReply(fixture('decisions', name), questions);
        expect(JSON.parse(writeDecisionsReply(reply, questions)), name).toEqual(fixture('decisions', name));
      }
    });

    it('reads each documented error as its kind, as the adapter does: its row, else the words every provider shares', () => {
      const cases: [string, number, FailureKind][] = [
        ['error-401', 401, 'auth'],
        ['error-429', 429, 'rate_limit'],
        ['error-400-context-length', 400, 'context_length'],
        ['error-429-quota', 429, 'auth'],
        ['error-500', 500, 'server'],
      ];
      for (const [name, status, kind] of cases) {
        const report = errorReport(fixture('decisions', name))!;
        expect(failureKindOf(decisionsFailures, { status, ...report }) ?? failureKind(status, report), name).toBe(kind);
      }
    });
  });
});
