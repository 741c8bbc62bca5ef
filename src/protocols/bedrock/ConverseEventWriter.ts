import type { FailureKind } from '../../services/spec/failures.js';
import type { ReplyPart } from '../../services/spec/Provider.js';
import { deltas } from '../deltas.js';
import { addUnits, NO_UNITS } from '../units.js';
import type { EventHeaders } from '../eventStream/eventHeaders.js';
import { encodeMessage } from '../eventStream/eventMessage.js';
import type { Stop } from '../WholeReply.js';
import { streamExceptions } from './bedrockErrors.js';
import {
  converseStops,
  converseUsageJson,
  SIGNATURE,
  STOP_FILTERED,
  STOP_REFUSED,
  type ValueCall,
} from './converseReply.js';

const utf8 = new TextEncoder();
const JSON_TYPE = { type: 'string', value: 'application/json' } as const;

/** The headers of an event of `type`, as ConverseStream names its events. */
function eventHeaders(type: string): EventHeaders {
  return {
    ':event-type': { type: 'string', value: type },
    ':content-type': JSON_TYPE,
    ':message-type': { type: 'string', value: 'event' },
  };
}

/**
 * Writes a streamed Converse reply as ConverseStream messages, a long text in deltas a client can take one by one. A
 * typed value asked through a forced tool (`valueCall`) streams as that tool's input.
 */
export class ConverseEventWriter {
  readonly #valueCall: ValueCall | undefined;
  #started = false;
  #index = -1;
  /** The content block open: `text`, `value`, `reasoning:<n>` or `call:<id>`. */
  #open: string | undefined;
  #stop = converseStops.stop;
  #value = false;
  #units = NO_UNITS;

  constructor(valueCall?: ValueCall) {
    this.#valueCall = valueCall;
  }

  /** The messages one reply part makes. */
  part(part: ReplyPart): Uint8Array[] {
    const out = this.#start();
    switch (part.type) {
      case 'reasoning':
        this.#block(`reasoning:${part.block}`, out);
        for (const piece of deltas(part.text)) out.push(this.#delta({ reasoningContent: { text: piece } }));
        break;
      case 'text':
        this.#text(part.text, out);
        break;
      case 'value': {
        const call = this.#valueCall;
        if (call === undefined) {
          this.#text(part.json, out);
          break;
        }
        this.#value = true;
        this.#block('value', out, { toolUse: { toolUseId: call.id, name: call.name } });
        for (const piece of deltas(part.json)) out.push(this.#delta({ toolUse: { input: piece } }));
        break;
      }
      case 'call': {
        const { id, tool } = part.call;
        this.#block(`call:${id}`, out, { toolUse: { toolUseId: id, name: tool } });
        out.push(this.#delta({ toolUse: { input: JSON.stringify(part.call.with) } }));
        break;
      }
      case 'units':
        this.#units = addUnits(this.#units, part);
        break;
      case 'finish':
        this.#stop = this.#value ? converseStops.calls : converseStops[part.reason];
        this.#close(out);
        break;
    }
    return out;
  }

  /** The messages of a reply that stopped: a refusal's words as a text block, and the stop reason that says so. */
  stop(stop: Stop): Uint8Array[] {
    const out = this.#start();
    if (stop.kind === 'refusal') this.#text(stop.text, out);
    this.#close(out);
    this.#stop = stop.kind === 'refusal' ? STOP_REFUSED : STOP_FILTERED;
    return out;
  }

  /** The messages that end the stream: the open block's stop, `messageStop` and `metadata`. */
  end(): Uint8Array[] {
    const out = this.#start();
    this.#close(out);
    out.push(
      event('messageStop', `{"stopReason":${JSON.stringify(this.#stop)}}`),
      event('metadata', `{"usage":${converseUsageJson(this.#units)},"metrics":{"latencyMs":0}}`),
    );
    return out;
  }

  /** The stream exception for a failure of `kind`, or undefined when none stands for it. */
  exception(kind: FailureKind): Uint8Array | undefined {
    const exception = streamExceptions[kind];
    if (exception === undefined) return undefined;
    return encodeMessage({
      headers: {
        ':exception-type': { type: 'string', value: exception.member },
        ':content-type': JSON_TYPE,
        ':message-type': { type: 'string', value: 'exception' },
      },
      body: utf8.encode(JSON.stringify({ message: exception.message })),
    });
  }

  #start(): Uint8Array[] {
    if (this.#started) return [];
    this.#started = true;
    return [event('messageStart', '{"role":"assistant"}')];
  }

  #text(text: string, out: Uint8Array[]): void {
    this.#block('text', out);
    for (const piece of deltas(text)) out.push(this.#delta({ text: piece }));
  }

  /** Opens the block `kind` (closing the one open) unless it is open; `start` is its `contentBlockStart`. */
  #block(kind: string, out: Uint8Array[], start?: Record<string, unknown>): void {
    if (this.#open === kind) return;
    this.#close(out);
    this.#index++;
    this.#open = kind;
    if (start !== undefined)
      out.push(event('contentBlockStart', JSON.stringify({ contentBlockIndex: this.#index, start })));
  }

  #close(out: Uint8Array[]): void {
    if (this.#open === undefined) return;
    if (this.#open.startsWith('reasoning')) out.push(this.#delta({ reasoningContent: { signature: SIGNATURE } }));
    out.push(event('contentBlockStop', `{"contentBlockIndex":${this.#index}}`));
    this.#open = undefined;
  }

  #delta(delta: Record<string, unknown>): Uint8Array {
    return event('contentBlockDelta', JSON.stringify({ contentBlockIndex: this.#index, delta }));
  }
}

/** One event message: its type in the headers, its JSON payload. */
function event(type: string, json: string): Uint8Array {
  return encodeMessage({ headers: eventHeaders(type), body: utf8.encode(json) });
}
