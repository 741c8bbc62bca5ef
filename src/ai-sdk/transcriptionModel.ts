import type {
  TranscriptionModelV4,
  TranscriptionModelV4CallOptions,
  TranscriptionModelV4Result,
} from '@ai-sdk/provider';
import { z } from 'zod';
import { lazySchema } from '../validation/lazySchema.js';
import { StandinError } from '../errors/StandinError.js';
import type { App } from '../services/app/App.js';
import type { HearInput } from '../services/spec/Provider.js';
import { appModel } from './appModel.js';
import { toApiCallError } from './toApiCallError.js';

const standinOptions = lazySchema(() =>
  z.strictObject({ language: z.string().min(2).optional(), hint: z.string().optional() }),
);

/**
 * One of an app's models as an AI SDK transcription model: `transcribe` goes through `app.hear`, with the audio's kind
 * taken from its media type (`audio/wav` is `wav`, `audio/mpeg` is `mp3`) and `providerOptions.standin` giving `{
 * language, hint }`. The result has the text only: standin's `hear` gives no segments, language or duration.
 *
 * @throws {StandinError} `A0006` when `app` is not a standin app or `model` not one of its models.
 * @example
 * ```ts
 * import { experimental_transcribe as transcribe } from 'ai';
 * const { text } = await transcribe({ model: transcriptionModel(app, 'ears'), audio: wavBytes });
 * ```
 */
export function transcriptionModel(app: App, model: string): TranscriptionModelV4 {
  const checked = appModel(app, model, 'transcriptionModel');
  return {
    specificationVersion: 'v4',
    provider: 'standin',
    modelId: model,
    async doGenerate(call: TranscriptionModelV4CallOptions): Promise<TranscriptionModelV4Result> {
      const parsed = standinOptions.safeParse(call.providerOptions?.standin ?? {});
      if (!parsed.success)
        throw new StandinError(
          'E0003',
          `Invalid request:\nproviderOptions.standin: takes { language?, hint? } for a transcription, got ` +
            `${JSON.stringify(call.providerOptions?.standin)}.`,
        );
      const audio = typeof call.audio === 'string' ? new Uint8Array(Buffer.from(call.audio, 'base64')) : call.audio;
      const input: HearInput = { audio, kind: audioKind(call.mediaType), ...parsed.data };
      try {
        const { text } = await checked.hear(
          model,
          input,
          call.abortSignal !== undefined ? { signal: call.abortSignal } : {},
        );
        return {
          text,
          segments: [],
          language: parsed.data.language,
          durationInSeconds: undefined,
          warnings: [],
          response: { timestamp: new Date(), modelId: model },
        };
      } catch (error) {
        throw toApiCallError(error, model);
      }
    },
  };
}

/** The audio format of a media type, as `hear` names it. */
export function audioKind(mediaType: string): string {
  const subtype = mediaType.toLowerCase().split(';')[0]!.split('/')[1] ?? mediaType;
  if (subtype === 'mpeg' || subtype === 'mp3') return 'mp3';
  if (subtype === 'x-wav' || subtype === 'wave') return 'wav';
  return subtype;
}
