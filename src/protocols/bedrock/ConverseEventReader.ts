import type { z } from 'zod';
import type { ReplyPart } from '../../services/spec/Provider.js';
import type { EventHeaders } from '../eventStream/eventHeaders.js';
import type { EventMessage } from '../eventStream/eventMessage.js';
import { readJsonText } from '../readShape.js';
import { TypedContent } from '../TypedContent.js';
import { malformed, WireFault } from '../WireFault.js';
import { streamFailureOf } from './bedrockErrors.js';
import { converseEnd } from './converseReply.js';
import { bedrockError, converseEvents, type ConverseEventType, type ConverseUsage } from './converseOutputShapes.js';

/** A content block being streamed. */
type OpenBlock =
  | { readonly kind: 'text'; readonly content: TypedContent }
  | { readonly kind: 'reasoning'; readonly block: number }
  | { readonly kind: 'tool'; readonly id: string; readonly name: string; json: string };

/**
 * Reads ConverseStream messages into parts as they come; a tool use's input pieces are joined and handed on at its
 * `contentBlockStop`. An `exception` message is a failure of its kind, an `error` message a `server` fault, a stream
 * without `messageStop` `malformed`. Events of a type added later hand on nothing.
 */
export class ConverseEventReader {
  readonly #typed: boolean;
  readonly #text = new TextDecoder();
  readonly #open = new Map<number, OpenBlock>();
  #reasoning = 0;
  #calls = 0;
  #stopped = false;
  #stopReason: string | undefined;
  #usage: ConverseUsage | undefined;

  constructor(typed: boolean) {
    this.#typed = typed;
  }

  /** Reads one message and appends the parts it completes to `out`. */
  add(message: EventMessage, out: ReplyPart[]): void {
    const type = header(message.headers, ':message-type');
    if (type === 'error') {
      const code = header(message.headers, ':error-code') ?? 'error';
      const said = header(message.headers, ':error-message') ?? 'the error carried no message';
      throw new WireFault({
        kind: 'failed',
        failure: 'server',
        message: `the stream broke off with an error (${code}): ${said}`,
      });
    }
    if (type === 'exception') this.#exception(message);
    if (type !== 'event') return;
    const name = header(message.headers, ':event-type') ?? '';
    if (!Object.hasOwn(converseEvents, name)) return;
    this.#event(name as ConverseEventType, this.#text.decode(message.body), out);
  }

  /** Ends the stream: the units and the finish part, or the failure the stream ended in. */
  end(out: ReplyPart[]): void {
    if (!this.#stopped) throw malformed('the stream ended before `messageStop`');
    converseEnd(this.#stopReason, this.#usage, this.#calls, out);
  }

  #exception(message: EventMessage): never {
    const member = header(message.headers, ':exception-type') ?? 'exception';
    const data = readJsonText(this.#text.decode(message.body), bedrockError, `the payload of a ${member}`);
    const kind = streamFailureOf(member, data.message);
    if (kind !== undefined)
      throw new WireFault({
        kind: 'failed',
        failure: kind,
        message: `the stream broke off with ${member}: ${data.message}`,
      });
    // The stream names exceptions as its members (`throttlingException`); HTTP errors, as their shapes.
    const shape = member.charAt(0).toUpperCase() + member.slice(1);
    throw new WireFault({
      kind: 'reported',
      body: { ...data, type: shape },
      fallback: 'the stream broke off with an exception',
    });
  }

  #event(type: ConverseEventType, text: string, out: ReplyPart[]): void {
    switch (type) {
      case 'contentBlockStart': {
        const data = readJsonText(text, converseEvents.contentBlockStart, 'a contentBlockStart event');
        const toolUse = data.start?.toolUse;
        if (toolUse !== undefined)
          this.#open.set(data.contentBlockIndex, { kind: 'tool', id: toolUse.toolUseId, name: toolUse.name, json: '' });
        return;
      }
      case 'contentBlockDelta': {
        const data = readJsonText(text, converseEvents.contentBlockDelta, 'a contentBlockDelta event');
        this.#delta(data.contentBlockIndex, data.delta, out);
        return;
      }
      case 'contentBlockStop':
        this.#stop(
          readJsonText(text, converseEvents.contentBlockStop, 'a contentBlockStop event').contentBlockIndex,
          out,
        );
        return;
      case 'messageStop':
        this.#stopped = true;
        this.#stopReason = readJsonText(text, converseEvents.messageStop, 'a messageStop event').stopReason;
        return;
      case 'metadata':
        this.#usage = readJsonText(text, converseEvents.metadata, 'a metadata event').usage;
        return;
      case 'messageStart':
        readJsonText(text, converseEvents.messageStart, 'a messageStart event');
        return;
    }
  }

  #delta(index: number, delta: z.output<typeof converseEvents.contentBlockDelta>['delta'], out: ReplyPart[]): void {
    let open = this.#open.get(index);
    if (delta.text !== undefined) {
      if (open === undefined) {
        open = { kind: 'text', content: new TypedContent(this.#typed) };
        this.#open.set(index, open);
      }
      if (open.kind === 'text' && delta.text !== '') open.content.push(delta.text, out);
    } else if (delta.reasoningContent !== undefined) {
      if (open === undefined) {
        open = { kind: 'reasoning', block: this.#reasoning++ };
        this.#open.set(index, open);
      }
      const text = delta.reasoningContent.text;
      if (open.kind === 'reasoning' && text !== undefined && text !== '')
        out.push({ type: 'reasoning', text, block: open.block });
    } else if (delta.toolUse !== undefined) {
      if (open?.kind !== 'tool')
        throw malformed(`tool input came for content block ${index}, which started no tool use`);
      open.json += delta.toolUse.input;
    }
    // Citations and other deltas carry nothing a reply part holds.
  }

  #stop(index: number, out: ReplyPart[]): void {
    const open = this.#open.get(index);
    this.#open.delete(index);
    if (open?.kind === 'text') open.content.end(out);
    if (open?.kind !== 'tool') return;
    let input: unknown = {};
    if (open.json.trim() !== '') {
      try {
        input = JSON.parse(open.json);
      } catch {
        throw malformed(
          `the input of tool use ${index} (${open.name}) is not JSON: ${JSON.stringify(open.json.slice(0, 80))}`,
        );
      }
    }
    this.#calls++;
    out.push({ type: 'call', call: { id: open.id, tool: open.name, with: input } });
  }
}

/** A string header of an event-stream message. */
function header(headers: EventHeaders, name: string): string | undefined {
  const value = headers[name];
  return value?.type === 'string' ? value.value : undefined;
}
