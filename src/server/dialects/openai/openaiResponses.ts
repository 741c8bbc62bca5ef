import type { ReplyPart, ToolCall } from '../../../services/spec/Provider.js';
import { readJson } from '../../readBody.js';
import { deltas } from '../../../protocols/deltas.js';
import { sendJson, SseStream } from '../../respond.js';
import { itemOf, outputOf, response, type Incomplete, type Item } from './responsesOutput.js';
import type { Reply } from '../../../services/engine/Reply.js';
import { isStopped, replyOrMisbehaviour, wireMisbehaviour, type Stopped } from '../../wireMisbehaviour.js';
import { readResponses } from './responsesRequest.js';
import type { WireContext } from '../../WireContext.js';

/**
 * `POST /v1/responses`: reads a Responses request (input items with function calls and their
 * outputs, flat function tools, `text.format` json_schema), asks the engine, and answers a
 * `response` whose output holds reasoning, message and function_call items, or with
 * `stream: true` its events (`response.created` ... `response.completed`, each numbered).
 *
 * @example
 * ```ts
 * await openaiResponses(context);
 * ```
 */
export async function openaiResponses(context: WireContext): Promise<void> {
  const { model: id, input, stream } = readResponses(readJson(context.body), context);
  const model = context.model(id);
  context.record({ model: id, call: 'reply', input });
  const responseId = `resp_${context.responseId}`;
  const created = Math.floor(Date.now() / 1000);
  const headers = { 'x-request-id': context.responseId };
  if (!stream) {
    const got = await replyOrMisbehaviour(() => context.run(() => context.app.reply(model, input, context.options)));
    const units = isStopped(got) ? { tokensIn: 0, tokensOut: 0 } : got.units;
    const output = outputOf(context.responseId, got);
    sendJson(
      context.response,
      200,
      response(responseId, created, id, output, units, 'completed', incompleteOf(got)),
      headers,
    );
    return;
  }
  const sse = new SseStream(context.response, headers);
  let sequence = 0;
  const send = (type: string, data: Record<string, unknown>): Promise<void> =>
    sse.send({ type, sequence_number: sequence++, ...data }, type);
  await context.run(async () => {
    const items: Item[] = [];
    let open: Item | undefined;
    let tokensIn = 0;
    let tokensOut = 0;
    const close = async (): Promise<void> => {
      const item = open;
      if (item === undefined) return;
      open = undefined;
      const at = { item_id: item.id, output_index: item.index };
      if (item.kind === 'message') {
        await send('response.output_text.done', { ...at, content_index: 0, text: item.text, logprobs: [] });
        await send('response.content_part.done', {
          ...at,
          content_index: 0,
          part: { type: 'output_text', text: item.text, annotations: [] },
        });
      } else if (item.kind === 'reasoning') {
        await send('response.reasoning_summary_text.done', { ...at, summary_index: 0, text: item.text });
        await send('response.reasoning_summary_part.done', {
          ...at,
          summary_index: 0,
          part: { type: 'summary_text', text: item.text },
        });
      } else {
        await send('response.function_call_arguments.done', { ...at, arguments: item.text });
      }
      await send('response.output_item.done', { output_index: item.index, item: itemOf(item) });
    };
    const start = async (kind: Item['kind'], key: string, call?: ToolCall): Promise<Item> => {
      if (open?.key === key) return open;
      await close();
      const prefix = kind === 'message' ? 'msg' : kind === 'reasoning' ? 'rs' : 'fc';
      const item: Item = {
        kind,
        key,
        index: items.length,
        id: `${prefix}_${context.responseId}_${items.length}`,
        text: '',
        ...(call ? { call } : {}),
      };
      items.push(item);
      open = item;
      await send('response.output_item.added', {
        output_index: item.index,
        item: { ...itemOf(item), status: 'in_progress', ...(kind === 'function_call' ? { arguments: '' } : {}) },
      });
      const at = { item_id: item.id, output_index: item.index };
      if (kind === 'message')
        await send('response.content_part.added', {
          ...at,
          content_index: 0,
          part: { type: 'output_text', text: '', annotations: [] },
        });
      if (kind === 'reasoning')
        await send('response.reasoning_summary_part.added', {
          ...at,
          summary_index: 0,
          part: { type: 'summary_text', text: '' },
        });
      return item;
    };
    /** A refusal, as its own message: `response.refusal.delta` events, then `response.refusal.done`. */
    const sendRefusal = async (text: string): Promise<void> => {
      await close();
      const item: Item = {
        kind: 'message',
        key: 'refusal',
        index: items.length,
        id: `msg_${context.responseId}_${items.length}`,
        text,
        refusal: true,
      };
      items.push(item);
      const at = { item_id: item.id, output_index: item.index };
      await send('response.output_item.added', {
        output_index: item.index,
        item: { ...itemOf(item), content: [], status: 'in_progress' },
      });
      await send('response.content_part.added', { ...at, content_index: 0, part: { type: 'refusal', refusal: '' } });
      for (const delta of deltas(text)) await send('response.refusal.delta', { ...at, content_index: 0, delta });
      await send('response.refusal.done', { ...at, content_index: 0, refusal: text });
      await send('response.content_part.done', { ...at, content_index: 0, part: { type: 'refusal', refusal: text } });
      await send('response.output_item.done', { output_index: item.index, item: itemOf(item) });
    };
    const onPart = async (part: ReplyPart): Promise<void> => {
      if (part.type === 'reasoning') {
        const item = await start('reasoning', `reasoning:${part.block}`);
        item.text += part.text;
        for (const delta of deltas(part.text))
          await send('response.reasoning_summary_text.delta', {
            item_id: item.id,
            output_index: item.index,
            summary_index: 0,
            delta,
          });
      } else if (part.type === 'text' || part.type === 'value') {
        const item = await start('message', 'message');
        const text = part.type === 'text' ? part.text : part.json;
        item.text += text;
        for (const delta of deltas(text))
          await send('response.output_text.delta', {
            item_id: item.id,
            output_index: item.index,
            content_index: 0,
            delta,
            logprobs: [],
          });
      } else if (part.type === 'call') {
        const item = await start('function_call', `call:${part.call.id}`, part.call);
        item.text = JSON.stringify(part.call.with);
        await send('response.function_call_arguments.delta', {
          item_id: item.id,
          output_index: item.index,
          delta: item.text,
        });
      } else if (part.type === 'units') {
        tokensIn += part.tokensIn;
        tokensOut += part.tokensOut;
      } else {
        await close();
      }
    };
    let first = true;
    const begin = async (): Promise<void> => {
      if (!first) return;
      first = false;
      const shell = response(responseId, created, id, [], { tokensIn: 0, tokensOut: 0 }, 'in_progress');
      await send('response.created', { response: { ...shell, usage: null } });
      await send('response.in_progress', { response: { ...shell, usage: null } });
    };
    let incomplete: Incomplete | undefined;
    try {
      for await (const part of context.app.stream(model, input, context.options)) {
        await begin();
        if (part.type === 'finish' && part.reason === 'length') incomplete = 'max_output_tokens';
        await onPart(part);
      }
    } catch (error) {
      // A misbehaving model's typed value went out whole; a refusal and a content filter end as the Responses API's do.
      const misbehaved = wireMisbehaviour(error);
      if (misbehaved === undefined) throw error;
      await begin();
      if (misbehaved.kind === 'content_filter') incomplete = 'content_filter';
      if (misbehaved.kind === 'refusal') await sendRefusal(misbehaved.text);
    }
    await close();
    const done = response(responseId, created, id, items.map(itemOf), { tokensIn, tokensOut }, 'completed', incomplete);
    await send(incomplete === undefined ? 'response.completed' : 'response.incomplete', { response: done });
  });
  sse.end();
}

/** Why a whole reply is incomplete: a content filter, or a reply cut off at its token limit. */
function incompleteOf(got: Reply | Stopped): Incomplete | undefined {
  if (isStopped(got)) return got.kind === 'content_filter' ? 'content_filter' : undefined;
  return got.finish === 'length' ? 'max_output_tokens' : undefined;
}
