import type { ReplyPart } from '../services/spec/Provider.js';

/** How a JSON value the structured-output modes give can begin: an object, a list or a string. */
const valueStart = /[{["]/;

/**
 * Sorts the content of a reply that asked for a typed value into value parts and text parts.
 * Structured outputs answer with JSON (an object at the root on OpenAI and Anthropic), but a
 * model may still write prose before it calls a tool ("Let me look that up."): that prose is
 * text, not the start of the value. The first visible character decides, once per content
 * stream: `{`, `[` or `"` makes it the value's JSON, streamed as value parts as it comes;
 * anything else makes it text. Leading whitespace waits for that character. A call that asked
 * for no typed value has text only.
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
