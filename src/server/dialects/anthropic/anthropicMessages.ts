import { readMessages } from '../../../protocols/anthropic/messagesRequest.js';
import { MessageEventWriter, writeMessage } from '../../../protocols/anthropic/MessageEventWriter.js';
import { engineInput } from '../../engineInput.js';
import { forcedReply, forcedTool } from '../../forcedTool.js';
import { readJson } from '../../readBody.js';
import { sendJsonText, SseStream } from '../../respond.js';
import type { WireContext } from '../../WireContext.js';
import { WireError } from '../../WireError.js';
import { filteredOr, isStopped, replyOrMisbehaviour, wholeReply, wireMisbehaviour } from '../../wireMisbehaviour.js';

const places = { tool: (i: number) => `tools.${i}.input_schema`, output: 'output_config.format.schema' };

/**
 * `POST /v1/messages`: reads an Anthropic Messages request, asks the engine, and answers a
 * `message`, or with `stream: true` its events in the documented order. A request that forces a
 * tool and asks for no typed value of its own is given the tool's input as its output shape, and
 * a typed value is answered as that tool's call (`forcedTool`). A content filter (a scripted
 * `content_filter` failure, a misbehaving model's refusal or filter) ends the reply with
 * `stop_reason: refusal` in a 200, as Anthropic's does.
 *
 * @example
 * ```ts
 * await anthropicMessages(context);
 * ```
 */
export async function anthropicMessages(context: WireContext): Promise<void> {
  const body = readJson(context.body);
  // A message thread is a conversation the server holds between turns: the wire server holds none, and says so as
  // the API does for a request it cannot thread, so a client (the SDK's tool runner) goes on sending it whole.
  if (body.thread !== undefined) {
    throw new WireError(
      'W0004',
      400,
      'thread: the wire server holds no message threads. Send the whole conversation without `thread` (the ' +
        "Anthropic SDK's tool runner does so by itself).",
      {
        type: 'invalid_request_error',
        param: 'thread',
        retry: false,
        errorDetails: { error_code: 'thread_unsupported_request' },
      },
    );
  }
  const { request, stream } = readMessages(body);
  const model = context.model(request.model);
  const asked = engineInput(request, context.schemas, places);
  context.record({ model: request.model, call: 'reply', input: asked });
  const choice = request.settings?.toolChoice;
  const forced = forcedTool(asked, typeof choice === 'object' ? choice.tool : undefined, choice === 'required');
  const input = forced?.input ?? asked;
  const meta = { id: `msg_${context.responseId}`, model: request.model };
  const tool = forced === undefined ? undefined : { tool: forced.tool, id: `toolu_${context.responseId}` };
  const headers = context.dialect.headers(context.responseId);
  if (!stream) {
    const got = await replyOrMisbehaviour(() =>
      context.run(() => context.app.reply(model, input, context.options)),
    ).catch(filteredOr);
    const reply = tool === undefined || isStopped(got) ? got : forcedReply(got, tool.tool, tool.id);
    sendJsonText(context.response, 200, writeMessage(wholeReply(reply), meta), headers);
    return;
  }
  const sse = new SseStream(context.response, headers);
  const events = new MessageEventWriter(meta, tool);
  await context.run(async () => {
    try {
      for await (const part of context.app.stream(model, input, context.options)) {
        const wait = sse.events(events.part(part));
        if (wait !== undefined) await wait;
      }
    } catch (error) {
      const misbehaved = wireMisbehaviour(error) ?? filteredOr(error);
      // A typed value that does not fit went out whole, as the model gave it.
      if (misbehaved.kind !== 'value') for (const event of events.stop(misbehaved)) await sse.event(event);
    }
  });
  await sse.events(events.end());
  sse.end();
}
