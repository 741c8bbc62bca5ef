import type { SharedV4Warning, SpeechModelV4, SpeechModelV4CallOptions, SpeechModelV4Result } from '@ai-sdk/provider';
import type { App } from '../services/app/App.js';
import { appModel } from './appModel.js';
import { toApiCallError } from './toApiCallError.js';

/**
 * One of an app's models as an AI SDK speech model: `generateSpeech` goes through `app.speak`. standin's `speak` takes
 * the text alone, so a voice, format, speed, language or instructions come back as `unsupported` warnings.
 *
 * @throws {StandinError} `A0006` when `app` is not a standin app or `model` not one of its models.
 * @example
 * ```ts
 * import { experimental_generateSpeech as generateSpeech } from 'ai';
 * const { audio } = await generateSpeech({ model: speechModel(app, 'voice'), text: 'Hello' });
 * ```
 */
export function speechModel(app: App, model: string): SpeechModelV4 {
  const checked = appModel(app, model, 'speechModel');
  return {
    specificationVersion: 'v4',
    provider: 'standin',
    modelId: model,
    async doGenerate(call: SpeechModelV4CallOptions): Promise<SpeechModelV4Result> {
      const warnings: SharedV4Warning[] = [];
      for (const feature of ['voice', 'outputFormat', 'instructions', 'speed', 'language'] as const) {
        if (call[feature] !== undefined)
          warnings.push({ type: 'unsupported', feature, details: "standin's speak takes the text alone." });
      }
      try {
        const audio = await checked.speak(
          model,
          call.text,
          call.abortSignal !== undefined ? { signal: call.abortSignal } : {},
        );
        return { audio, warnings, response: { timestamp: new Date(), modelId: model } };
      } catch (error) {
        throw toApiCallError(error, model);
      }
    },
  };
}
