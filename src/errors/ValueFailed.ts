import type { FinishReason, ToolCall, Units } from '../services/spec/Provider.js';
import { StandinError, nameErrorClass } from './StandinError.js';

/** What a reply held besides its typed value, as the model gave it. */
export interface ValueFailedReply {
  /** The text it wrote besides the value. */
  readonly text: string;
  /** The tools it asked for. */
  readonly calls: readonly ToolCall[];
  /** What it used. */
  readonly units: Units;
  /** How it ended: `'length'` when the token limit cut it off. */
  readonly finish: FinishReason;
  /** The model that answered. */
  readonly model: string;
}

/**
 * A model gave a typed value that is not JSON (`invalid_json`; cut off at the token limit, `finish` reads `'length'`)
 * or does not fit the call's zod shape. `json` is the value's text as it came, and `reply` the rest of the reply, so
 * an application can log what the model said or tell a cut-off reply from a wrong one. Code `E0006`; never retried.
 */
export class ValueFailed extends StandinError {
  /** The value's JSON text, as the model gave it. */
  readonly json: string;
  /** Whether that text is JSON at all: false for `invalid_json` and a cut-off value. */
  readonly parsed: boolean;
  /** The reply besides its value. */
  readonly reply: ValueFailedReply;

  constructor(message: string, json: string, parsed: boolean, reply: ValueFailedReply, cause?: unknown) {
    super('E0006', message, cause === undefined ? {} : { cause });
    this.json = json;
    this.parsed = parsed;
    this.reply = reply;
  }

  static {
    nameErrorClass(this, 'ValueFailed');
  }
}
