import { WireFault } from './WireFault.js';

/**
 * A classification request its protocol cannot carry (past a limit of the API, or in a shape its
 * wire lacks): `why` says what is wrong and what to do, `at` names it as data
 * (`{ question: 'team', limit: 255 }`). The adapter rejects with it before any I/O.
 */
export class UnsendableClassification extends WireFault {
  constructor(
    readonly why: string,
    readonly at: Readonly<Record<string, unknown>>,
  ) {
    super({ kind: 'cannot_honour', setting: 'the classification request', why });
  }
}

/**
 * A classification reply that does not fit its protocol or the questions asked: `path` is where in
 * the body (`body.answers.team.choice`), `problem` what is wrong there, `question` the question it
 * belongs to.
 */
export class AnswerMismatch extends WireFault {
  constructor(
    readonly path: string,
    readonly problem: string,
    readonly question?: string,
  ) {
    super({ kind: 'malformed', what: `${path} ${problem}` });
  }
}
