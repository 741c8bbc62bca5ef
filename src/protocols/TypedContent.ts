import type { ReplyPart } from '../services/spec/Provider.js';

/** How a JSON value the structured-output modes give can begin: an object, a list or a string. */
const valueStart = /[{["]/;

/**
 * Sorts a typed call's content into value and text parts. A model may write prose before it calls a tool ("Let me look
 * that up."), which is text, not the value's start: the first visible character decides per content stream, `{`, `[` or
 * `"` making it the value's JSON.
 */
export class TypedContent {
  #kind: 'value' | 'text' | undefined;
  #held = '';

  constructor(typed: boolean) {
    this.#kind = typed ? undefined : 'text';
  }

  /** Adds a piece of content and appends the parts it makes to `out`. */
  push(text: string, out: ReplyPart[]): void {
    if (this.#kind === undefined) {
      const visible = text.search(/\S/);
      if (visible === -1) {
        this.#held += text;
        return;
      }
      this.#kind = valueStart.test(text[visible]!) ? 'value' : 'text';
      text = this.#held + text;
      this.#held = '';
    }
    out.push(this.#kind === 'value' ? { type: 'value', json: text } : { type: 'text', text });
  }

  /** Ends the content: whitespace still held is text. */
  end(out: ReplyPart[]): void {
    if (this.#held !== '') out.push({ type: 'text', text: this.#held });
    this.#held = '';
  }
}
