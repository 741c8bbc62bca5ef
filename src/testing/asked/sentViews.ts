import type { Message, ToolCall, ToolResult } from '../../services/spec/Provider.js';
import type { SentMessage } from '../../fakes/model/sentRequest.js';

/** An entry of any `sent`: a fake's, a namespace's or the wire server's. */
export interface AnySent {
  readonly call: string;
  readonly input: unknown;
}

/** A request as `sent` keeps it, as far as its conversation goes: the wire server's may be one string. */
export interface SentConversation {
  readonly messages: string | readonly (SentMessage | Message)[];
}

/**
 * The reply requests of a `sent` list, in order: each entry narrowed on `call === 'reply'`, so
 * `instructions`, `messages` and `tools` are typed without a cast.
 *
 * @example
 * ```ts
 * const [first] = replies(writer.sent);
 * first?.instructions; // 'You answer for the technical team.'
 * ```
 */
export function replies<E extends AnySent>(sent: readonly E[]): Extract<E, { readonly call: 'reply' }>['input'][] {
  // The filter is the narrowing: what it keeps has `call: 'reply'`, which a type predicate over a generic cannot say.
  return sent.filter((entry) => entry.call === 'reply').map((entry) => entry.input) as Extract<
    E,
    { readonly call: 'reply' }
  >['input'][];
}

/**
 * Every tool call the model asked for, as the requests after it carry it back (in an assistant
 * message of the conversation), in order, each call once: a run's later steps repeat the
 * conversation, and the call is counted where it first appears.
 *
 * @example
 * ```ts
 * toolCalls(writer.sent); // [{ id: 'call_0_0', tool: 'findInGuide', with: { words: 'reset a password' } }]
 * ```
 */
export function toolCalls(sent: readonly AnySent[]): ToolCall[] {
  const seen = new Set<string>();
  const calls: ToolCall[] = [];
  for (const request of replies(sent) as SentConversation[]) {
    if (typeof request.messages === 'string') continue;
    for (const message of request.messages) {
      if (message.role !== 'assistant') continue;
      for (const call of message.calls ?? []) {
        const key = JSON.stringify([call.id, call.tool, call.with]);
        if (seen.has(key)) continue;
        seen.add(key);
        calls.push(call);
      }
    }
  }
  return calls;
}

/**
 * The tool results a step carried: those of the tool messages after the conversation's last
 * assistant message, the results of the tools the model asked for in the step before.
 *
 * @example
 * ```ts
 * const [, second] = replies(writer.sent);
 * toolResults(second!); // [{ id: 'call_0_0', tool: 'findInGuide', output: 'page about reset a password' }]
 * ```
 */
export function toolResults(request: SentConversation): ToolResult[] {
  if (typeof request.messages === 'string') return [];
  const results: ToolResult[] = [];
  for (let at = request.messages.length - 1; at >= 0; at--) {
    const message = request.messages[at]!;
    if (message.role === 'assistant') break;
    if (message.role === 'tool') results.unshift(...message.results);
  }
  return results;
}
