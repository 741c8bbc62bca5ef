/** Builders of the exact bytes an OpenAI Chat Completions stream is made of. */

const head = {
  id: 'chatcmpl-1',
  object: 'chat.completion.chunk',
  created: 1,
  model: 'gpt-test',
  system_fingerprint: 'fp_1',
};

/** One `data:` event holding a chunk with one choice. */
export function chunk(delta: Record<string, unknown>, finish: string | null = null): string {
  return `data: ${JSON.stringify({ ...head, usage: null, choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }] })}\n\n`;
}

/** The usage-only final chunk `stream_options.include_usage` asks for. */
export function usage(prompt: number, completion: number): string {
  return `data: ${JSON.stringify({ ...head, choices: [], usage: { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion, completion_tokens_details: { reasoning_tokens: 0 } } })}\n\n`;
}

/** The end of the stream. */
export const DONE = 'data: [DONE]\n\n';

/** A whole text reply: the role chunk, one chunk per piece, the finish, the usage and `[DONE]`. */
export function textReply(
  pieces: readonly string[],
  units: readonly [number, number] = [10, pieces.length],
  finish = 'stop',
): string {
  return [
    chunk({ role: 'assistant', content: '' }),
    ...pieces.map((content) => chunk({ content })),
    chunk({}, finish),
    usage(units[0], units[1]),
    DONE,
  ].join('');
}

/** A reply that asks for tools: each call's arguments streamed in the pieces given. */
export function toolReply(
  calls: readonly { id: string; name: string; args: readonly string[] }[],
  units: readonly [number, number] = [20, 8],
): string {
  const parts = [chunk({ role: 'assistant', content: null })];
  calls.forEach((call, index) => {
    parts.push(
      chunk({ tool_calls: [{ index, id: call.id, type: 'function', function: { name: call.name, arguments: '' } }] }),
    );
    for (const piece of call.args) parts.push(chunk({ tool_calls: [{ index, function: { arguments: piece } }] }));
  });
  parts.push(chunk({}, 'tool_calls'), usage(units[0], units[1]), DONE);
  return parts.join('');
}
