import type { Reply } from '../services/engine/Reply.js';
import type { ToolCall } from '../services/spec/Provider.js';
import { readChat } from './chatRequest.js';
import { readJson } from './readBody.js';
import { deltas, sendJsonText, SseStream } from './respond.js';
import type { WireContext } from './WireContext.js';
import { isStopped, replyOrMisbehaviour, stoppedReply, wireMisbehaviour, type Stopped } from './wireMisbehaviour.js';

/**
 * `POST /v1/chat/completions`: reads the request (messages, tools, `response_format`), asks the
 * engine, and answers a `chat.completion`, or with `stream: true` a stream of
 * `chat.completion.chunk` events ending in `data: [DONE]` (a usage chunk first when
 * `stream_options.include_usage`).
 *
 * @example
 * ```ts
 * await openaiChat(context);
 * ```
 */
export async function openaiChat(context: WireContext): Promise<void> {
  const request = readChat(readJson(context.body), context);
  const model = context.model(request.model);
  context.record({ model: request.model, call: 'reply', input: request.input });
  const created = Math.floor(Date.now() / 1000);
  const id = `chatcmpl-${context.responseId}`;
  const headers = { 'x-request-id': context.responseId };
  if (!request.stream) {
    const reply = await replyOrMisbehaviour(() =>
      context.run(() => context.app.reply(model, request.input, context.options)),
    );
    sendJsonText(context.response, 200, completion(id, created, request.model, reply), headers);
    return;
  }
  const sse = new SseStream(context.response, headers);
  const head = { id, object: 'chat.completion.chunk', created, model: request.model, system_fingerprint: 'fp_standin' };
  // Each chunk is `head`, `usage: null` when asked, and one choice: its text up to the delta is the same for every
  // chunk of the stream, written once.
  const opening =
    `data: ${JSON.stringify(head).slice(0, -1)},${request.usage ? '"usage":null,' : ''}` +
    `"choices":[{"index":0,"delta":`;
  const chunk = (delta: string, finish = 'null'): Promise<void> =>
    sse.event(`${opening}${delta},"logprobs":null,"finish_reason":${finish}}]}\n\n`);
  await context.run(async () => {
    let calls = 0;
    let tokensIn = 0;
    let tokensOut = 0;
    try {
      for await (const part of context.app.stream(model, request.input, context.options)) {
        if (!sse.started) await chunk('{"role":"assistant","content":"","refusal":null}');
        if (part.type === 'units') {
          tokensIn += part.tokensIn;
          tokensOut += part.tokensOut;
        } else if (part.type === 'finish') {
          await chunk('{}', JSON.stringify(finishReason(part.reason)));
        } else if (part.type === 'text' || part.type === 'value') {
          for (const piece of deltas(part.type === 'text' ? part.text : part.json))
            await chunk(`{"content":${JSON.stringify(piece)}}`);
        } else if (part.type === 'call') {
          const index = calls++;
          const { id: callId, tool } = part.call;
          await chunk(
            JSON.stringify({
              tool_calls: [{ index, id: callId, type: 'function', function: { name: tool, arguments: '' } }],
            }),
          );
          await chunk(
            JSON.stringify({ tool_calls: [{ index, function: { arguments: JSON.stringify(part.call.with) } }] }),
          );
        }
      }
    } catch (error) {
      // A misbehaving model's typed value went out whole; a refusal and a content filter end the reply as OpenAI's do.
      const misbehaved = wireMisbehaviour(error);
      if (misbehaved === undefined) throw error;
      if (misbehaved.kind !== 'value') {
        if (!sse.started) await chunk('{"role":"assistant","content":null,"refusal":""}');
        if (misbehaved.kind === 'refusal')
          for (const piece of deltas(misbehaved.text)) await chunk(`{"refusal":${JSON.stringify(piece)}}`);
        await chunk('{}', misbehaved.kind === 'refusal' ? '"stop"' : '"content_filter"');
      }
    }
    if (request.usage) await sse.send({ ...head, choices: [], usage: usageOf(tokensIn, tokensOut) });
  });
  await sse.event('data: [DONE]\n\n');
  sse.end();
}

/**
 * The reply as a whole `chat.completion`, as JSON: a typed value arrives as the message's content, its JSON. Written
 * out rather than stringified whole: the same fields in the same order as `JSON.stringify` of the object gives.
 */
function completion(id: string, created: number, model: string, got: Reply | Stopped): string {
  const stopped = isStopped(got) ? got : undefined;
  const reply = isStopped(got) ? stoppedReply(model) : got;
  const content = `${reply.text}${reply.value === undefined ? '' : JSON.stringify(reply.value)}`;
  const message: Record<string, unknown> = {
    role: 'assistant',
    content: (content === '' && reply.calls.length > 0) || stopped !== undefined ? null : content,
    refusal: stopped?.kind === 'refusal' ? stopped.text : null,
    annotations: [],
  };
  if (reply.calls.length > 0) message.tool_calls = reply.calls.map(wireCall);
  const finish = stopped?.kind === 'content_filter' ? 'content_filter' : finishReason(reply.finish);
  return (
    `{"id":${JSON.stringify(id)},"object":"chat.completion","created":${number(created)},` +
    `"model":${JSON.stringify(model)},"system_fingerprint":"fp_standin","choices":[{"index":0,` +
    `"message":${JSON.stringify(message)},"logprobs":null,"finish_reason":${JSON.stringify(finish)}}],` +
    `"usage":${usageJson(reply.units.tokensIn, reply.units.tokensOut)},"service_tier":"default"}`
  );
}

/** A number as JSON writes it. */
function number(value: number): string {
  return Number.isFinite(value) ? String(value) : 'null';
}

/** {@link usageOf}, as JSON. */
function usageJson(tokensIn: number, tokensOut: number): string {
  return (
    `{"prompt_tokens":${number(tokensIn)},"completion_tokens":${number(tokensOut)},` +
    `"total_tokens":${number(tokensIn + tokensOut)},"prompt_tokens_details":{"cached_tokens":0,"audio_tokens":0},` +
    `"completion_tokens_details":{"reasoning_tokens":0,"audio_tokens":0,"accepted_prediction_tokens":0,` +
    `"rejected_prediction_tokens":0}}`
  );
}

function wireCall(call: ToolCall): Record<string, unknown> {
  return { id: call.id, type: 'function', function: { name: call.tool, arguments: JSON.stringify(call.with) } };
}

function finishReason(reason: Reply['finish']): string {
  return reason === 'calls' ? 'tool_calls' : reason;
}

function usageOf(tokensIn: number, tokensOut: number): Record<string, unknown> {
  return {
    prompt_tokens: tokensIn,
    completion_tokens: tokensOut,
    total_tokens: tokensIn + tokensOut,
    prompt_tokens_details: { cached_tokens: 0, audio_tokens: 0 },
    completion_tokens_details: {
      reasoning_tokens: 0,
      audio_tokens: 0,
      accepted_prediction_tokens: 0,
      rejected_prediction_tokens: 0,
    },
  };
}
