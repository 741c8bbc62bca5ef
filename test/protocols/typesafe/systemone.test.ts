import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Classification } from '../../../src/protocols/Classification.js';
import { AnswerMismatch, UnsendableClassification } from '../../../src/protocols/classificationFaults.js';
import { failureAnswer, failureKindOf, type FailureRow } from '../../../src/protocols/failures.js';
import { readSystemone, writeSystemone } from '../../../src/protocols/typesafe/systemoneRequest.js';
import { readSystemoneReply, writeSystemoneReply } from '../../../src/protocols/typesafe/systemoneReply.js';
import { systemoneBody, systemoneReply } from '../../../src/protocols/typesafe/systemoneShapes.js';
import { typesafeError, typesafeFailures } from '../../../src/protocols/typesafe/typesafeErrors.js';
import type { WireFault } from '../../../src/protocols/WireFault.js';
import { typesafe } from '../../../src/server/dialects/typesafe/typesafe.js';
import { errorReport } from '../../../src/services/providers/http/ErrorReport.js';
import type { FailureKind } from '../../../src/services/spec/failures.js';
import { fixture, fixtureNames } from '../../support/classifierFixtures.js';
import { classification, classified, json, jsonObject, type ClassificationWire } from '../classificationArbitraries.js';

/** What System One carries: a state of a text, an object or texts; instructions, descriptions and levels of any JSON. */
const wire: ClassificationWire = {
  state: fc.oneof(fc.string(), jsonObject, fc.array(fc.string(), { maxLength: 3 })),
  instructions: fc.oneof(fc.string(), jsonObject, fc.array(json, { maxLength: 3 })),
  description: fc.oneof(fc.constant(null), fc.string(), json),
  level: json,
  labels: fc.oneof(fc.constant(null), fc.record({ true: fc.string(), false: fc.string() }, { requiredKeys: [] })),
  minOptions: 1,
};

/** The JSON a body is on the wire. */
const sent = (body: unknown): unknown => JSON.parse(JSON.stringify(body));

function thrown(run: () => unknown): WireFault {
  try {
    run();
  } catch (error) {
    return error as WireFault;
  }
  throw new Error('expected a fault');
}

const kinds = Object.keys(typesafeFailures) as Exclude<FailureKind, 'network'>[];

describe("TypeSafe's System One, both ways", () => {
  describe('requests', () => {
    it('reads back the classification it wrote: state, model, questions of each type with instructions and criteria', () => {
      fc.assert(
        fc.property(classification(wire), (asked) => {
          const body = sent(writeSystemone(asked));
          expect(systemoneBody.safeParse(body).success).toBe(true);
          expect(readSystemone(body)).toEqual(asked);
        }),
        { numRuns: 300 },
      );
    });

    it('writes a yes-no question that says nothing of yes and no without criteria', () => {
      const asked: Classification = {
        model: 'jev-latest',
        state: 'Refund me',
        questions: { refund: { type: 'yesNo', instructions: 'Refund?', criteria: null } },
      };
      expect(writeSystemone(asked)).toEqual({
        state: 'Refund me',
        model: 'jev-latest',
        questions: { refund: { type: 'noul', instructions: 'Refund?' } },
      });
    });

    it('cannot send a choice of 256 options, naming the question and the limit', () => {
      const criteria = Object.fromEntries(Array.from({ length: 256 }, (_, i) => [`o${i}`, null]));
      const fault = thrown(() =>
        writeSystemone({
          model: 'm',
          state: 'x',
          questions: { team: { type: 'choice', instructions: '?', criteria } },
        }),
      );
      expect(fault).toBeInstanceOf(UnsendableClassification);
      expect((fault as UnsendableClassification).at).toEqual({ question: 'team', limit: 255 });
    });

    it('refuses a field it does not take, and a score of one level, naming them', () => {
      const body = { state: 'x', questions: { q: { type: 'score', instructions: '?', criteria: ['only'] } } };
      expect(thrown(() => readSystemone({ ...body, temperature: 0 })).fault).toMatchObject({
        kind: 'refused',
        issue: { code: 'unrecognized_keys', keys: ['temperature'] },
      });
      expect(thrown(() => readSystemone(body)).fault).toMatchObject({
        kind: 'refused',
        issue: { code: 'too_small', path: ['questions', 'q', 'criteria'] },
      });
    });
  });

  describe('replies', () => {
    it('reads back the answers it wrote: probabilities, legends and usage', () => {
      const asked = classification(wire).chain((request) =>
        fc.tuple(fc.constant(request), classified(request.questions, { refusals: false, total: false })),
      );
      fc.assert(
        fc.property(asked, ([request, reply]) => {
          const text = writeSystemoneReply(reply);
          expect(systemoneReply.safeParse(JSON.parse(text)).success).toBe(true);
          expect(readSystemoneReply(JSON.parse(text), request.questions)).toEqual(reply);
        }),
        { numRuns: 300 },
      );
    });

    it('reads an answer that does not fit its question as a mismatch naming its path and question', () => {
      const questions = { refund: { type: 'yesNo', instructions: '?', criteria: null } } as const;
      const fault = thrown(() => readSystemoneReply({ answers: { refund: { type: 'noul', noul: 63 } } }, questions));
      expect(fault).toBeInstanceOf(AnswerMismatch);
      expect(fault).toMatchObject({ path: 'body.answers.refund.noul', question: 'refund' });
      expect((fault as AnswerMismatch).problem).toBe('is 63, out of range: it should be from 0 to 1');
    });
  });

  describe('failures', () => {
    it('reads every failure kind back from the error body the wire server writes for it', () => {
      fc.assert(
        fc.property(fc.constantFrom(...kinds), fc.nat({ max: 120_000 }), fc.string(), (kind, ms, scripted) => {
          const answer = failureAnswer(typesafeFailures, kind, ms) as FailureRow;
          const message = `${answer.message} (scripted: ${scripted})`;
          const body = typesafe.errorBody(message, { type: answer.type, code: answer.code }, 'req_1', answer.status);
          expect(typesafeError.safeParse(body).success).toBe(true);
          expect(failureKindOf(typesafeFailures, { status: answer.status, ...errorReport(body) })).toBe(kind);
        }),
        { numRuns: 200 },
      );
    });

    it("writes a refused field as FastAPI's 422 validation list", () => {
      const body = typesafe.errorBody(
        'W0002: Field required',
        { type: 'missing', param: 'questions.team.type' },
        'r',
        422,
      );
      expect(body).toEqual({
        detail: [{ type: 'missing', loc: ['body', 'questions', 'team', 'type'], msg: 'W0002: Field required' }],
      });
    });
  });

  describe('fixtures', () => {
    it('parses every documented body with the protocol’s shapes', () => {
      expect(systemoneBody.safeParse(fixture('typesafe', 'request')).success).toBe(true);
      expect(systemoneReply.safeParse(fixture('typesafe', 'reply')).success).toBe(true);
      const errors = fixtureNames('typesafe', 'error');
      expect(errors.length).toBeGreaterThan(0);
      for (const name of errors) expect(typesafeError.safeParse(fixture('typesafe', name)).success, name).toBe(true);
    });

    it('reads the documented reply against the documented request’s questions', () => {
      const { questions } = readSystemone(fixture('typesafe', 'request'));
      expect(readSystemoneReply(fixture('typesafe', 'reply'), questions)).toEqual({
        model: 'jev-1.13.0',
        answers: {
          refund: { type: 'yesNo', yesProbability: 0.63 },
          team: {
            type: 'choice',
            choice: 'billing',
            probabilities: { billing: 0.9998, technical: 0.0002 },
            confidence: 0.9997,
          },
          urgency: {
            type: 'score',
            score: 2.0858,
            probabilities: [0.0023, 0.116, 0.6753, 0.2064],
            legend: ['can wait', 'this week', 'today', 'right now'],
            confidence: 0.673,
          },
        },
        refused: [],
        usage: { inputTokens: 239, outputTokens: 0, totalTokens: 239 },
      });
    });

    it('writes the documented reply back as it was documented', () => {
      const { questions } = readSystemone(fixture('typesafe', 'request'));
      const reply = readSystemoneReply(fixture('typesafe', 'reply'), questions);
      expect(JSON.parse(writeSystemoneReply(reply))).toEqual(fixture('typesafe', 'reply'));
    });
  });
});
