/** Builders of the exact bytes an Anthropic Messages stream is made of. */

/** One named event with its data (which repeats the type, as the API's does). */
export function event(type: string, data: Record<string, unknown> = {}): string {
  return `event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`;
}

export function messageStart(inputTokens: number, extra: Record<string, unknown> = {}): string {
  return event('message_start', {
    message: {
      id: 'msg_1',
      type: 'message',
      role: 'assistant',
      model: 'claude-test',
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage: { input_tokens: inputTokens, output_tokens: 1, ...extra },
    },
  });
}

export function textBlock(index: number, pieces: readonly string[]): string {
  return [
    event('content_block_start', { index, content_block: { type: 'text', text: '' } }),
    ...pieces.map((text) => event('content_block_delta', { index, delta: { type: 'text_delta', text } })),
    event('content_block_stop', { index }),
  ].join('');
}

export function thinkingBlock(index: number, pieces: readonly string[], signature = 'sig=='): string {
  return [
    event('content_block_start', { index, content_block: { type: 'thinking', thinking: '', signature: '' } }),
    ...pieces.map((thinking) => event('content_block_delta', { index, delta: { type: 'thinking_delta', thinking } })),
    event('content_block_delta', { index, delta: { type: 'signature_delta', signature } }),
    event('content_block_stop', { index }),
  ].join('');
}

export function toolBlock(index: number, id: string, name: string, pieces: readonly string[]): string {
  return [
    event('content_block_start', { index, content_block: { type: 'tool_use', id, name, input: {} } }),
    ...pieces.map((partial_json) =>
      event('content_block_delta', { index, delta: { type: 'input_json_delta', partial_json } }),
    ),
    event('content_block_stop', { index }),
  ].join('');
}

export function messageDelta(stopReason: string, outputTokens: number): string {
  return event('message_delta', {
    delta: { stop_reason: stopReason, stop_sequence: null },
    usage: { output_tokens: outputTokens },
  });
}

export const ping = event('ping');
export const messageStop = event('message_stop');

/** A whole text reply. */
export function textMessage(
  pieces: readonly string[],
  units: readonly [number, number] = [25, pieces.length],
  stop = 'end_turn',
): string {
  return messageStart(units[0]) + textBlock(0, pieces) + messageDelta(stop, units[1]) + messageStop;
}
