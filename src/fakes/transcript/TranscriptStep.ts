/**
 * One attempt at one step as a transcript shows it, runs numbered in order. No step key, call id, time or unit count:
 * the same behaviour always gives the same step.
 */
export interface TranscriptStep {
  /** The scope it ran in; `''` outside any scope. */
  readonly scope: string;
  /** The run (`run 1`) or call outside a run (`call 1`) it belongs to, numbered per scope in order. */
  readonly run: string;
  /** Its index in the run, from 0; undefined for a call outside a run. */
  readonly step: number | undefined;
  /** Which attempt it was, from 1: more than 1 is a retry. */
  readonly attempt: number;
  /** The model it called: the app's model name, or the model id a wire client sent. */
  readonly model: string;
  /** The call: `reply`, `embed`, ... or `classify`. */
  readonly call: string;
  /** What it was asked: for a step of a run, what is new since the step before. */
  readonly request: readonly string[];
  /** What it answered; empty when it failed or has not answered yet. */
  readonly answer: readonly string[];
  /** How it failed: a failure's kind (`server failure`) or an error's code (`T0013`). */
  readonly failure?: string;
  /** True while the call runs. */
  readonly waiting?: boolean;
}
