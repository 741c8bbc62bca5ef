import { messageEvent, messageStart as writeStart } from '../../src/protocols/anthropic/MessageEventWriter.js';

/*
 * Messages API streams for tests that point an adapter at a loopback server, each event framed by
 * the protocol's own writer (the wire server's): named by its type, which its data repeats.
 */

/** One event with its data. */
export const event = messageEvent;

/** `message_start` with these input tokens (and any other usage counts). */
export function messageStart(inputTokens: number, extra: Record<string, number> = {}): string {
  return writeStart({ id: 'msg_1', model: 'claude-test' }, { input_tokens: inputTokens, output_tokens: 1, ...extra });
}

/** A text block at `index`, a `text_delta` per piece. */
export function textBlock(index: number, pieces: readonly string[]): string {
  return [
    event('content_block_start', { index, content_block: { type: 'text', text: '' } }),
    ...pieces.map((text) => event('content_block_delta', { index, delta: { type: 'text_delta', text } })),
    event('content_block_stop', { index }),
  ].join('');
}

/** A thinking block at `index`, a `thinking_delta` per piece, signed. */
export function thinkingBlock(index: number, pieces: readonly string[], signature = 'sig=='): string {
  return [
    event('content_block_start', { index, content_block: { type: 'thinking', thinking: '', signature: '' } }),
    ...pieces.map((thinking) => event('content_block_delta', { index, delta: { type: 'thinking_delta', thinking } })),
    event('content_block_delta', { index, delta: { type: 'signature_delta', signature } }),
    event('content_block_stop', { index }),
  ].join('');
}

/** A tool_use block at `index`, its input in the pieces given. */
export function toolBlock(index: number, id: string, name: string, pieces: readonly string[]): string {
  return [
    event('content_block_start', { index, content_block: { type: 'tool_use', id, name, input: {} } }),
    ...pieces.map((partial_json) =>
      event('content_block_delta', { index, delta: { type: 'input_json_delta', partial_json } }),
    ),
    event('content_block_stop', { index }),
  ].join('');
}

/** `message_delta` with this stop reason and output tokens. */
export function messageDelta(stopReason: string, outputTokens: number): string {
  return event('message_delta', {
    delta: { stop_reason: stopReason, stop_sequence: null },
    usage: { output_tokens: outputTokens },
  });
}

export const ping = event('ping');
export const messageStop = event('message_stop');

/** A whole text reply: a text block of these pieces, its units (`[in, out]`) and stop reason. */
export function textMessage(
  pieces: readonly string[],
  units: readonly [number, number] = [25, pieces.length],
  stop = 'end_turn',
): string {
  return messageStart(units[0]) + textBlock(0, pieces) + messageDelta(stop, units[1]) + messageStop;
}
