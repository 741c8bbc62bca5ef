import type { Reply } from '../../../services/engine/Reply.js';
import type { ReplyPart } from '../../../services/spec/Provider.js';
import { forcedReply } from '../../forcedTool.js';
import { readMessages } from './messagesRequest.js';
import { readJson } from '../../readBody.js';
import { deltas } from '../../../protocols/deltas.js';
import { sendJson, SseStream } from '../../respond.js';
import type { WireContext } from '../../WireContext.js';
import {
  isStopped,
  replyOrMisbehaviour,
  stoppedReply,
  wireMisbehaviour,
  type Stopped,
} from '../../wireMisbehaviour.js';

/** A thinking block's signature: the server makes no real ones, and clients send them back unread. */
const SIGNATURE = 'c3RhbmRpbg==';

/**
 * `POST /v1/messages`: reads an Anthropic Messages request (system, messages with `tool_use` and
 * `tool_result` blocks, tools, a JSON Schema output format), asks the engine, and answers a
 * `message` (thinking blocks, text, `tool_use`, usage), or with `stream: true` its events in the
 * documented order: `message_start`, each block's `content_block_start` / `_delta` / `_stop`,
 * `message_delta` with the stop reason and usage, `message_stop`.
 *
 * @example
 * ```ts
 * await anthropicMessages(context);
 * ```
 */
export async function anthropicMessages(context: WireContext): Promise<void> {
  const body = readJson(context.body);
  const { model: id, input: asked, stream, forced } = readMessages(body, context);
  const model = context.model(id);
  context.record({ model: id, call: 'reply', input: asked });
  // A typed value answers the tool the request forces, as that tool's call.
  const input = forced?.input ?? asked;
  const toolUseId = `toolu_${context.responseId}`;
  const messageId = `msg_${context.responseId}`;
  const headers = { 'request-id': context.responseId, 'x-request-id': context.responseId };
  if (!stream) {
    const reply = await replyOrMisbehaviour(() => context.run(() => context.app.reply(model, input, context.options)));
    const got = forced === undefined || isStopped(reply) ? reply : forcedReply(reply, forced.tool, toolUseId);
    sendJson(context.response, 200, message(messageId, id, got), headers);
    return;
  }
  const sse = new SseStream(context.response, headers);
  const send = (type: string, data: Record<string, unknown> = {}): Promise<void> => sse.send({ type, ...data }, type);
  await context.run(async () => {
    let index = -1;
    let open: string | undefined;
    let tokensIn = 0;
    let tokensOut = 0;
    let stop = 'end_turn';
    const close = async (): Promise<void> => {
      if (open === undefined) return;
      if (open.startsWith('thinking'))
        await send('content_block_delta', { index, delta: { type: 'signature_delta', signature: SIGNATURE } });
      await send('content_block_stop', { index });
      open = undefined;
    };
    const block = async (kind: string, start: Record<string, unknown>): Promise<void> => {
      if (open === kind) return;
      await close();
      index++;
      open = kind;
      await send('content_block_start', { index, content_block: start });
    };
    const begin = async (): Promise<void> => {
      if (!sse.started) {
        await send('message_start', {
          message: {
            id: messageId,
            type: 'message',
            role: 'assistant',
            model: id,
            content: [],
            stop_reason: null,
            stop_sequence: null,
            usage: { input_tokens: 0, output_tokens: 0 },
          },
        });
      }
    };
    try {
      for await (const part of context.app.stream(model, input, context.options)) {
        await begin();
        await streamPart(part);
      }
    } catch (error) {
      // A misbehaving model's typed value went out whole; a refusal and a content filter stop as Anthropic's do.
      const misbehaved = wireMisbehaviour(error);
      if (misbehaved === undefined) throw error;
      if (misbehaved.kind !== 'value') {
        await begin();
        if (misbehaved.kind === 'refusal' && misbehaved.text !== '')
          await streamPart({ type: 'text', text: misbehaved.text });
        stop = 'refusal';
      }
    }
    async function streamPart(part: ReplyPart): Promise<void> {
      switch (part.type) {
        case 'reasoning':
          await block(`thinking:${part.block}`, { type: 'thinking', thinking: '', signature: '' });
          for (const piece of deltas(part.text))
            await send('content_block_delta', { index, delta: { type: 'thinking_delta', thinking: piece } });
          return;
        case 'text':
        case 'value':
          if (part.type === 'value' && forced !== undefined) {
            await block('forced', { type: 'tool_use', id: toolUseId, name: forced.tool, input: {} });
            stop = 'tool_use';
            for (const piece of deltas(part.json))
              await send('content_block_delta', { index, delta: { type: 'input_json_delta', partial_json: piece } });
            return;
          }
          await block('text', { type: 'text', text: '' });
          for (const piece of deltas(part.type === 'text' ? part.text : part.json))
            await send('content_block_delta', { index, delta: { type: 'text_delta', text: piece } });
          return;
        case 'call':
          await block(`call:${part.call.id}`, { type: 'tool_use', id: part.call.id, name: part.call.tool, input: {} });
          return send('content_block_delta', {
            index,
            delta: { type: 'input_json_delta', partial_json: JSON.stringify(part.call.with) },
          });
        case 'units':
          tokensIn += part.tokensIn;
          tokensOut += part.tokensOut;
          return;
        case 'finish':
          if (stop !== 'tool_use') stop = stopReason(part.reason);
          return close();
      }
    }
    await close();
    await send('message_delta', {
      delta: { stop_reason: stop, stop_sequence: null },
      usage: { input_tokens: tokensIn, output_tokens: tokensOut },
    });
    await send('message_stop');
  });
  sse.end();
}

function stopReason(reason: Reply['finish']): string {
  return reason === 'calls' ? 'tool_use' : reason === 'length' ? 'max_tokens' : 'end_turn';
}

/** The reply as a whole `message`: thinking blocks, then the text (a typed value as its JSON), then each `tool_use`. */
function message(id: string, model: string, got: Reply | Stopped): Record<string, unknown> {
  const reply = isStopped(got) ? { ...stoppedReply(model), text: got.kind === 'refusal' ? got.text : '' } : got;
  const content: Record<string, unknown>[] = reply.reasoning.map((thinking) => ({
    type: 'thinking',
    thinking,
    signature: SIGNATURE,
  }));
  const text = `${reply.text}${reply.value === undefined ? '' : JSON.stringify(reply.value)}`;
  if (text !== '' || (reply.calls.length === 0 && !isStopped(got))) content.push({ type: 'text', text });
  for (const call of reply.calls) content.push({ type: 'tool_use', id: call.id, name: call.tool, input: call.with });
  return {
    id,
    type: 'message',
    role: 'assistant',
    model,
    content,
    stop_reason: isStopped(got) ? 'refusal' : stopReason(reply.finish),
    stop_sequence: null,
    usage: {
      input_tokens: reply.units.tokensIn,
      output_tokens: reply.units.tokensOut,
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 0,
      service_tier: 'standard',
    },
  };
}
