import { CallFailed } from '../../../errors/CallFailed.js';
import { ProviderFailure } from '../../../errors/ProviderFailure.js';
import { ConverseEventWriter } from '../../../protocols/bedrock/ConverseEventWriter.js';
import { readConverse } from '../../../protocols/bedrock/converseRequest.js';
import { writeConverseAnswer, type ValueCall } from '../../../protocols/bedrock/converseReply.js';
import type { ReplyInput } from '../../../services/requests/prepareReply.js';
import { engineInput } from '../../engineInput.js';
import { EventStreamWriter } from '../../eventStreamWriter.js';
import { readJson, readJsonDocument } from '../../readBody.js';
import { sendJsonText } from '../../respond.js';
import type { WireContext } from '../../WireContext.js';
import { replyOrMisbehaviour, wholeReply, wireMisbehaviour } from '../../wireMisbehaviour.js';

/**
 * `POST /model/{modelId}/converse` (the model URL-decoded: an id, a profile or an ARN). Any SigV4 signature is accepted
 * unchecked and never recorded.
 */
export async function bedrockConverse(context: WireContext): Promise<void> {
  const { model, input, valueCall } = read(context);
  const got = await replyOrMisbehaviour(() => context.run(() => context.app.reply(model, input, context.options)));
  sendJsonText(
    context.response,
    200,
    writeConverseAnswer(wholeReply(got), valueCall),
    context.dialect.headers(context.responseId),
  );
}

/** `converse-stream`: a failure after the stream began ends it with an exception message, as Bedrock does. */
export async function bedrockConverseStream(context: WireContext): Promise<void> {
  const { model, input, valueCall } = read(context);
  const stream = new EventStreamWriter(context.response, context.dialect.headers(context.responseId));
  const events = new ConverseEventWriter(valueCall);
  try {
    await context.run(async () => {
      try {
        for await (const part of context.app.stream(model, input, context.options))
          for (const message of events.part(part)) await stream.send(message);
      } catch (error) {
        const misbehaved = wireMisbehaviour(error);
        if (misbehaved === undefined) throw error;
        if (misbehaved.kind !== 'value') for (const message of events.stop(misbehaved)) await stream.send(message);
      }
    });
  } catch (error) {
    const failure = error instanceof CallFailed ? error.cause : error;
    const exception = stream.started && failure instanceof ProviderFailure ? events.exception(failure.kind) : undefined;
    if (exception === undefined) throw error;
    // Bedrock breaks off a stream with an exception message, which its clients read as the failure.
    await stream.send(exception);
    stream.end();
    return;
  }
  for (const message of events.end()) await stream.send(message);
  stream.end();
}

/** The request's model (from the path), what the engine is asked (recorded in `sent`), and how a value is answered. */
function read(context: WireContext): { model: string; input: ReplyInput; valueCall: ValueCall | undefined } {
  const id = context.params.modelId ?? '';
  const { request, toolPlaces, outputPlace, valueTool } = readConverse(readJson(context.body), {
    model: id,
    json: readJsonDocument,
  });
  const model = context.model(id);
  const input = engineInput(request, context.schemas, {
    tool: (i) => toolPlaces[i] ?? `toolConfig.tools.${i}`,
    output: outputPlace,
  });
  context.record({ model: id, call: 'reply', input });
  const valueCall = valueTool === undefined ? undefined : { name: valueTool, id: `tooluse_${context.responseId}` };
  return { model, input, valueCall };
}
