import { WireFault } from './WireFault.js';

/**
 * A request the protocol cannot carry; `at` names it as data (`{ question: 'team', limit: 255 }`). Rejected before any
 * I/O.
 */
export class UnsendableClassification extends WireFault {
  constructor(
    readonly why: string,
    readonly at: Readonly<Record<string, unknown>>,
  ) {
    super({ kind: 'cannot_honour', setting: 'the classification request', why });
  }
}

/** A reply that does not fit: `path` in the body, `problem` there, `question` it belongs to. */
export class AnswerMismatch extends WireFault {
  constructor(
    readonly path: string,
    readonly problem: string,
    readonly question?: string,
  ) {
    super({ kind: 'malformed', what: `${path} ${problem}` });
  }
}
