import type {
  LanguageModelV4,
  LanguageModelV4CallOptions,
  LanguageModelV4GenerateResult,
  LanguageModelV4StreamPart,
  LanguageModelV4StreamResult,
} from '@ai-sdk/provider';
import type { App } from '../services/app/App.js';
import type { Reply } from '../services/engine/Reply.js';
import type { ReplyPart } from '../services/spec/Provider.js';
import { appModel } from './appModel.js';
import { fromCallOptions } from './fromCallOptions.js';
import { generateResult } from './generateResult.js';
import { JsonShapes } from './JsonShapes.js';
import { StreamPartMapper } from './StreamPartMapper.js';
import { toApiCallError } from './toApiCallError.js';

/** URLs a standin model takes as they are: images and PDFs on the web. Others the AI SDK downloads first. */
const webUrls = [/^https?:\/\//i];

/**
 * One of an app's models as an AI SDK language model (specification v4): `generateText`, `streamText` and the rest call
 * it, and every call goes through standin's engine as `app.reply` / `app.stream` do — the model's fakes and scopes, its
 * fallback chain, and retries on the app's clock. Each `doGenerate` / `doStream` call is one step (one request id, made
 * per call unless `providerOptions.standin.requestId` names one); standin's retries of it are the same step. A failure
 * that survives standin's retries and fallback reaches the AI SDK as a non-retryable `APICallError`, so the AI SDK does
 * not retry it again with real sleeps; any other standin error (`T0013`, a bad request) is thrown as it is.
 *
 * @throws {StandinError} `A0006` when `app` is not a standin app or `model` not one of its models.
 * @example
 * ```ts
 * import { generateText } from 'ai';
 * import { languageModel } from 'standin/ai-sdk';
 *
 * app.fake('writer', [{ text: 'Hello!' }]);
 * const { text } = await generateText({ model: languageModel(app, 'writer'), prompt: 'Say hello.' });
 * ```
 */
export function languageModel(app: App, model: string): LanguageModelV4 {
  return new StandinLanguageModel(appModel(app, model, 'languageModel'), model);
}

class StandinLanguageModel implements LanguageModelV4 {
  readonly specificationVersion = 'v4';
  readonly provider = 'standin';
  readonly modelId: string;
  readonly supportedUrls = { 'image/*': webUrls, 'application/pdf': webUrls };
  readonly #app: App;
  readonly #shapes = new JsonShapes();

  constructor(app: App, model: string) {
    this.#app = app;
    this.modelId = model;
  }

  async doGenerate(call: LanguageModelV4CallOptions): Promise<LanguageModelV4GenerateResult> {
    const { input, options, warnings } = fromCallOptions(call, this.#shapes);
    let reply: Reply;
    try {
      reply = await this.#app.reply(this.modelId, input, options);
    } catch (error) {
      throw toApiCallError(error, this.modelId);
    }
    return generateResult(reply, warnings, options.requestId);
  }

  async doStream(call: LanguageModelV4CallOptions): Promise<LanguageModelV4StreamResult> {
    const { input, options, warnings } = fromCallOptions(call, this.#shapes);
    const parts = this.#app.stream(this.modelId, input, options);
    const model = this.modelId;
    // The first part is awaited here, so a call that fails before any part (after standin's
    // retries and fallback) rejects doStream itself, as a failed request does.
    let next: IteratorResult<ReplyPart, Reply> | undefined;
    try {
      next = await parts.next();
    } catch (error) {
      throw toApiCallError(error, model);
    }
    const mapper = new StreamPartMapper();
    let first = true;
    const stream = new ReadableStream<LanguageModelV4StreamPart>({
      async pull(controller) {
        if (first) {
          first = false;
          controller.enqueue({ type: 'stream-start', warnings });
        }
        try {
          for (;;) {
            const current = next ?? (await parts.next());
            next = undefined;
            if (current.done) {
              for (const out of mapper.end(current.value.finish)) controller.enqueue(out);
              controller.close();
              return;
            }
            const mapped = mapper.map(current.value);
            if (mapped.length > 0) {
              for (const out of mapped) controller.enqueue(out);
              return;
            }
          }
        } catch (error) {
          controller.enqueue({ type: 'error', error: toApiCallError(error, model) });
          controller.close();
        }
      },
      async cancel() {
        await parts.return(undefined as unknown as Reply);
      },
    });
    return { stream };
  }
}
