import { CallFailed } from '../../../errors/CallFailed.js';
import { ProviderFailure } from '../../../errors/ProviderFailure.js';
import type { Reply } from '../../../services/engine/Reply.js';
import type { ReplyPart } from '../../../services/spec/Provider.js';
import { readGenerate } from './geminiRequest.js';
import { readJson } from '../../readBody.js';
import { deltas } from '../../../protocols/deltas.js';
import { sendJson, SseStream } from '../../respond.js';
import type { WireContext } from '../../WireContext.js';
import { WireError } from '../../WireError.js';

/**
 * `POST /v1beta/models/{model}:generateContent` and `:streamGenerateContent?alt=sse`: reads a
 * Gemini request, asks the engine, and answers a `GenerateContentResponse` (candidate 0: thought
 * parts, text, `functionCall` parts; `finishReason`; `usageMetadata`), or, streamed, one such
 * response per part as server-sent events, the last with the `finishReason` and usage. A
 * scripted `content_filter` failure is answered as Gemini answers a blocked prompt: 200, no
 * candidates, `promptFeedback.blockReason: SAFETY` (mid-stream: a `finishReason: SAFETY`).
 *
 * @example
 * ```ts
 * await geminiGenerate(context, true);
 * ```
 */
export async function geminiGenerate(context: WireContext, streamed: boolean): Promise<void> {
  const id = context.params.model ?? '';
  if (streamed && !/[?&]alt=sse(&|$)/.test(context.response.req.url ?? '')) {
    throw new WireError(
      'W0004',
      400,
      'streamGenerateContent is served as server-sent events only: add ?alt=sse to the URL (the official clients do).',
      { type: 'INVALID_ARGUMENT', param: 'alt', retry: false },
    );
  }
  const input = readGenerate(readJson(context.body), context);
  const model = context.model(id);
  context.record({ model: id, call: 'reply', input });
  const headers = { 'x-request-id': context.responseId };
  const head = { modelVersion: id, responseId: context.responseId };
  if (!streamed) {
    try {
      const reply = await context.run(() => context.app.reply(model, input, context.options));
      sendJson(context.response, 200, { ...answer(reply), ...head }, headers);
    } catch (error) {
      if (!filtered(error)) throw error;
      sendJson(context.response, 200, { ...blocked(), ...head }, headers);
    }
    return;
  }
  const sse = new SseStream(context.response, headers);
  const send = (data: Record<string, unknown>): Promise<void> =>
    sse.event(`data: ${JSON.stringify({ ...data, ...head })}\r\n\r\n`);
  const part = (body: Record<string, unknown>, finishReason?: string): Promise<void> =>
    send({
      candidates: [{ content: { parts: [body], role: 'model' }, ...(finishReason ? { finishReason } : {}), index: 0 }],
    });
  let tokensIn = 0;
  let tokensOut = 0;
  let finish = 'STOP';
  try {
    await context.run(async () => {
      for await (const next of context.app.stream(model, input, context.options)) {
        for (const body of partsOf(next)) await part(body);
        if (next.type === 'units') {
          tokensIn += next.tokensIn;
          tokensOut += next.tokensOut;
        } else if (next.type === 'finish') finish = finishReason(next.reason);
      }
    });
  } catch (error) {
    if (!filtered(error)) throw error;
    await (sse.started ? part({ text: '' }, 'SAFETY') : send(blocked()));
    sse.end();
    return;
  }
  await send({
    candidates: [{ content: { parts: [{ text: '' }], role: 'model' }, finishReason: finish, index: 0 }],
    usageMetadata: usage(tokensIn, tokensOut),
  });
  sse.end();
}

/** The Gemini parts one reply part streams as: text in pieces, a thought, a function call. */
function partsOf(part: ReplyPart): Record<string, unknown>[] {
  switch (part.type) {
    case 'text':
      return deltas(part.text).map((text) => ({ text }));
    case 'value':
      return deltas(part.json).map((text) => ({ text }));
    case 'reasoning':
      return deltas(part.text).map((text) => ({ text, thought: true }));
    case 'call':
      return [{ functionCall: { id: part.call.id, name: part.call.tool, args: part.call.with ?? {} } }];
    default:
      return [];
  }
}

/** The reply as a whole response: thoughts, then the text (a typed value as its JSON), then each function call. */
function answer(reply: Reply): Record<string, unknown> {
  const parts: Record<string, unknown>[] = reply.reasoning.map((text) => ({ text, thought: true }));
  const text = `${reply.text}${reply.value === undefined ? '' : JSON.stringify(reply.value)}`;
  if (text !== '' || reply.calls.length === 0) parts.push({ text });
  for (const call of reply.calls) parts.push({ functionCall: { id: call.id, name: call.tool, args: call.with ?? {} } });
  return {
    candidates: [{ content: { parts, role: 'model' }, finishReason: finishReason(reply.finish), index: 0 }],
    usageMetadata: usage(reply.units.tokensIn, reply.units.tokensOut),
  };
}

/** Gemini's answer to a prompt its safety filters block. */
function blocked(): Record<string, unknown> {
  return {
    promptFeedback: {
      blockReason: 'SAFETY',
      safetyRatings: [{ category: 'HARM_CATEGORY_DANGEROUS_CONTENT', probability: 'HIGH', blocked: true }],
    },
    usageMetadata: usage(0, 0),
  };
}

/** Whether a call failed with a scripted `content_filter`, which Gemini answers as a block, not an error status. */
function filtered(error: unknown): boolean {
  const failure = error instanceof CallFailed ? error.cause : error;
  return failure instanceof ProviderFailure && failure.kind === 'content_filter';
}

/** Gemini names no finish for calls: a reply that calls tools stops (`STOP`) like any other. */
function finishReason(reason: Reply['finish']): string {
  return reason === 'length' ? 'MAX_TOKENS' : 'STOP';
}

function usage(tokensIn: number, tokensOut: number): Record<string, unknown> {
  return { promptTokenCount: tokensIn, candidatesTokenCount: tokensOut, totalTokenCount: tokensIn + tokensOut };
}
