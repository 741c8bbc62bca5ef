/** One judge a test asked, as short lines for a transcript. */
export interface Judged {
  /** Its place among the calls of the app's fakes: where the transcript shows it. Never shown. */
  readonly at: number;
  /** The scope it ran in; `''` outside any scope. */
  readonly scope: string;
  /** The question, with its kind: `yes/no: Does the answer cite the guide?`. */
  readonly question: string;
  /** The reply judged, on one line: `reply: Open Settings, then Password.`. */
  readonly reply: string;
  /** One line per grade: `grade 1: p(yes) 0.9`. */
  readonly grades: readonly string[];
  /** `passed: ...` or `failed: ...`, with what it needed; empty when the classifier failed. */
  readonly verdict: string;
  /** How asking failed: an error's code or a classification reason. */
  readonly failure?: string;
}

/** How many judges a container keeps for its transcript, the oldest dropped first. */
export const JUDGES_KEPT = 1000;

/** The judges asked in one container: bounded, oldest dropped first, emptied by `app.reset()`. */
export class JudgeLog {
  readonly #kept: Judged[] = [];

  note(judged: Judged): void {
    this.#kept.push(judged);
    if (this.#kept.length > JUDGES_KEPT) this.#kept.shift();
  }

  /** The judges asked, in order: in `scope`, or in every scope. */
  judged(scope?: string): readonly Judged[] {
    return scope === undefined ? [...this.#kept] : this.#kept.filter((judged) => judged.scope === scope);
  }

  clear(): void {
    this.#kept.length = 0;
  }
}
