/** Where an answer comes from: its own file, so the files that prepare answers share it without a cycle. */

/** Where an answer comes from, for its messages and its call ids. */
export interface AnswerSource {
  /** The fake, as a message names it: `app.fake('writer', answers)`. */
  readonly owner: string;
  /** Where the answer was written: `answers[1]`. */
  readonly label: string;
  /** Its index in a list; undefined for one a function gave. */
  readonly index: number | undefined;
  /** What call ids start with when the answer gives none: `call_1` gives `call_1_0`, `call_1_1`, ... */
  readonly idPrefix: string;
}
