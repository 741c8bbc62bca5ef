import { CallFailed } from '../../../errors/CallFailed.js';
import { ProviderFailure } from '../../../errors/ProviderFailure.js';
import type { Reply } from '../../../services/engine/Reply.js';
import { loadEventStream } from '../../../services/providers/bedrock/awsPackages.js';
import type { ReplyPart } from '../../../services/spec/Provider.js';
import { readConverse } from './converseRequest.js';
import { EventStreamWriter } from '../../eventStreamWriter.js';
import { readJson } from '../../readBody.js';
import { deltas } from '../../../protocols/deltas.js';
import { sendJson } from '../../respond.js';
import type { WireContext } from '../../WireContext.js';
import { forcedReply, forcedTool } from '../../forcedTool.js';
import { isObject } from '../../wireInput.js';

/** A reasoning block's signature: the server makes no real ones, and clients send them back unread. */
const SIGNATURE = 'c3RhbmRpbg==';

/** The exception a failure inside a stream is sent as, by kind; a dropped connection (`network`) is not sent. */
const exceptions: Readonly<Record<string, string>> = {
  rate_limit: 'throttlingException',
  server: 'serviceUnavailableException',
  timeout: 'modelStreamErrorException',
  bad_request: 'validationException',
  context_length: 'validationException',
  content_filter: 'validationException',
};

/**
 * `POST /model/{modelId}/converse`: reads a Bedrock Converse request (the model from the path,
 * URL-decoded: an id, an inference profile or an ARN), asks the engine, and answers Bedrock's
 * `{ output: { message }, stopReason, usage, metrics }`: reasoning blocks, the text (a typed value
 * as its JSON), each `toolUse`. Any SigV4 signature is accepted unchecked, and never recorded.
 *
 * @example
 * ```ts
 * await bedrockConverse(context);
 * ```
 */
export async function bedrockConverse(context: WireContext): Promise<void> {
  const { model, input, forced } = read(context);
  const got = await context.run(() => context.app.reply(model, input, context.options));
  const reply = forced === undefined ? got : forcedReply(got, forced, `tooluse_${context.responseId}`);
  const content: Record<string, unknown>[] = reply.reasoning.map((text) => ({
    reasoningContent: { reasoningText: { text, signature: SIGNATURE } },
  }));
  const text = `${reply.text}${reply.value === undefined ? '' : JSON.stringify(reply.value)}`;
  if (text !== '' || reply.calls.length === 0) content.push({ text });
  for (const call of reply.calls) content.push({ toolUse: { toolUseId: call.id, name: call.tool, input: call.with } });
  sendJson(
    context.response,
    200,
    {
      output: { message: { role: 'assistant', content } },
      stopReason: stopReason(reply.finish),
      usage: usage(reply.units.tokensIn, reply.units.tokensOut),
      metrics: { latencyMs: 0 },
    },
    { 'x-amzn-requestid': context.responseId },
  );
}

/**
 * `POST /model/{modelId}/converse-stream`: the same request, answered as ConverseStream's AWS
 * event stream (`application/vnd.amazon.eventstream`): `messageStart`, each block's
 * `contentBlockStart` (tool use) / `contentBlockDelta` / `contentBlockStop`, `messageStop` with the
 * stop reason, `metadata` with the usage. A failure after the stream began is sent as Bedrock sends
 * one, an exception message (`throttlingException`, ...) ending the stream.
 *
 * @example
 * ```ts
 * await bedrockConverseStream(context);
 * ```
 */
export async function bedrockConverseStream(context: WireContext): Promise<void> {
  const { model, input, forced } = read(context);
  const stream = new EventStreamWriter(context.response, await loadEventStream(), {
    'x-amzn-requestid': context.responseId,
  });
  let index = -1;
  let open: string | undefined;
  let tokensIn = 0;
  let tokensOut = 0;
  let stop = 'end_turn';
  let forcedCall = false;
  const close = async (): Promise<void> => {
    if (open === undefined) return;
    if (open.startsWith('reasoning')) await delta({ reasoningContent: { signature: SIGNATURE } });
    await stream.event('contentBlockStop', { contentBlockIndex: index });
    open = undefined;
  };
  const block = async (kind: string, start?: Record<string, unknown>): Promise<void> => {
    if (open === kind) return;
    await close();
    index++;
    open = kind;
    if (start !== undefined) await stream.event('contentBlockStart', { contentBlockIndex: index, start });
  };
  const delta = (value: Record<string, unknown>): Promise<void> =>
    stream.event('contentBlockDelta', { contentBlockIndex: index, delta: value });
  const streamPart = async (part: ReplyPart): Promise<void> => {
    switch (part.type) {
      case 'reasoning':
        await block(`reasoning:${part.block}`);
        for (const piece of deltas(part.text)) await delta({ reasoningContent: { text: piece } });
        return;
      case 'text':
      case 'value':
        // The value a forced tool asks for is that tool's input.
        if (part.type === 'value' && forced !== undefined) {
          await block('forced', { toolUse: { toolUseId: `tooluse_${context.responseId}`, name: forced } });
          forcedCall = true;
          for (const piece of deltas(part.json)) await delta({ toolUse: { input: piece } });
          return;
        }
        await block('text');
        for (const piece of deltas(part.type === 'text' ? part.text : part.json)) await delta({ text: piece });
        return;
      case 'call':
        await block(`call:${part.call.id}`, { toolUse: { toolUseId: part.call.id, name: part.call.tool } });
        return delta({ toolUse: { input: JSON.stringify(part.call.with) } });
      case 'units':
        tokensIn += part.tokensIn;
        tokensOut += part.tokensOut;
        return;
      case 'finish':
        stop = forcedCall ? 'tool_use' : stopReason(part.reason);
        return close();
    }
  };
  try {
    await context.run(async () => {
      for await (const part of context.app.stream(model, input, context.options)) {
        if (!stream.started) await stream.event('messageStart', { role: 'assistant' });
        await streamPart(part);
      }
    });
  } catch (error) {
    const failure = error instanceof CallFailed && error.cause instanceof ProviderFailure ? error.cause : error;
    const type = failure instanceof ProviderFailure ? exceptions[failure.kind] : undefined;
    if (!stream.started || type === undefined) throw error;
    // Bedrock breaks off a stream with an exception message, which its clients read as the failure.
    await stream.exception(type, failure instanceof Error ? failure.message : String(failure));
    stream.end();
    return;
  }
  if (!stream.started) await stream.event('messageStart', { role: 'assistant' });
  await close();
  await stream.event('messageStop', { stopReason: stop });
  await stream.event('metadata', { usage: usage(tokensIn, tokensOut), metrics: { latencyMs: 0 } });
  stream.end();
}

/**
 * The request's model (from the path), what the engine is asked (recorded in `sent` as the request asked it) and the
 * tool its `toolConfig.toolChoice` forces, whose input a typed value answers.
 */
function read(context: WireContext): {
  id: string;
  model: string;
  input: ReturnType<typeof readConverse>;
  forced: string | undefined;
} {
  const id = context.params.modelId ?? '';
  const body = readJson(context.body);
  const input = readConverse(body, context);
  const model = context.model(id);
  context.record({ model: id, call: 'reply', input });
  const choice = isObject(body.toolConfig) ? body.toolConfig.toolChoice : undefined;
  const named = isObject(choice) && isObject(choice.tool) ? choice.tool.name : undefined;
  const forced = forcedTool(
    input,
    typeof named === 'string' ? named : undefined,
    isObject(choice) && isObject(choice.any),
  );
  return { id, model, input: forced?.input ?? input, forced: forced?.tool };
}

function stopReason(reason: Reply['finish']): string {
  return reason === 'calls' ? 'tool_use' : reason === 'length' ? 'max_tokens' : 'end_turn';
}

function usage(tokensIn: number, tokensOut: number): Record<string, number> {
  return { inputTokens: tokensIn, outputTokens: tokensOut, totalTokens: tokensIn + tokensOut };
}
