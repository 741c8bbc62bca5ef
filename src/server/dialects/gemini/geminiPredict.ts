import { readPredict, writePredictions } from '../../../protocols/gemini/imagenPredict.js';
import { capabilities } from '../../../services/capabilities/capabilities.js';
import { readJson } from '../../readBody.js';
import { sendJsonText } from '../../respond.js';
import { sentOf } from '../../SentEntry.js';
import type { WireContext } from '../../WireContext.js';

/**
 * `POST /v1beta/models/{model}:predict` of an Imagen model: one `image` call of `sampleCount` images (1 when left out)
 * of the size Imagen draws at the `aspectRatio` asked, in the format of `outputOptions.mimeType`, answered as
 * `predictions[i].bytesBase64Encoded` with each image's `mimeType`.
 */
export async function geminiPredict(context: WireContext): Promise<void> {
  const id = context.params.model ?? '';
  const { prompt, options } = readPredict(readJson(context.body));
  const model = context.model(id);
  context.record(sentOf(id, capabilities.image, [prompt, options]));
  const images = await context.run(() => context.app.image(model, prompt, options, context.options));
  sendJsonText(context.response, 200, writePredictions(images), { 'x-request-id': context.responseId });
}
