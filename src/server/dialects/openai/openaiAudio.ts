import {
  readSpeech,
  readTranscription,
  soundTypes,
  writeTranscriptionAnswer,
} from '../../../protocols/openai/audio.js';
import { capabilities } from '../../../services/capabilities/capabilities.js';
import { readJson } from '../../readBody.js';
import { sendBytes } from '../../respond.js';
import { sentOf } from '../../SentEntry.js';
import type { WireContext } from '../../WireContext.js';
import { WireError } from '../../WireError.js';
import { refuseUnhonoured, type Unhonoured } from './unhonoured.js';

const transcriptionUnhonoured: Unhonoured = {
  stream: (v) => (v === 'false' ? undefined : 'the wire server answers transcriptions whole; leave stream out'),
  response_format: (v) =>
    v === 'json' || v === 'text' || v === 'verbose_json'
      ? undefined
      : "the wire server answers transcriptions as 'json', 'text' or 'verbose_json'",
};

const speechUnhonoured: Unhonoured = {
  stream_format: (v) =>
    v === 'audio'
      ? undefined
      : "the wire server answers speech as audio bytes; send stream_format: 'audio' or leave it out",
};

/**
 * `POST /v1/audio/transcriptions` (and an Azure deployment's): reads the multipart upload (`file`,
 * `model`, `language`, `prompt`), makes one `hear` call and answers `{ text }` (`response_format`
 * json or verbose_json), or the text alone (`text`).
 */
export async function openaiTranscription(context: WireContext): Promise<void> {
  const type = context.headers['content-type'] ?? '';
  if (!type.startsWith('multipart/form-data'))
    throw malformed('the body must be multipart/form-data with the parts file and model');
  let form: FormData;
  try {
    form = await new Response(
      new Uint8Array(context.body.buffer as ArrayBuffer, context.body.byteOffset, context.body.length),
      { headers: { 'content-type': type } },
    ).formData();
  } catch (error) {
    throw malformed(`the multipart body cannot be read (${(error as Error).message})`);
  }
  const texts = Object.fromEntries(
    [...form.keys()].map((key) => [key, form.get(key)]).filter(([, v]) => typeof v === 'string'),
  );
  refuseUnhonoured(texts, transcriptionUnhonoured);
  if (context.params.deployment !== undefined) form.set('model', context.params.deployment);
  const { model: id, input, format } = await readTranscription(form);
  const model = context.model(id);
  context.record(sentOf(id, capabilities.hear, [input]));
  const heard = await context.run(() => context.app.hear(model, input, context.options));
  const answer = writeTranscriptionAnswer(heard.text, format as 'json', input.language);
  sendBytes(context.response, 200, answer.body, {
    ...context.dialect.headers(context.responseId),
    'content-type': answer.type,
  });
}

/**
 * `POST /v1/audio/speech` (and an Azure deployment's): makes one `speak` call and answers its
 * bytes, typed by `response_format` (mp3 unless named).
 */
export async function openaiSpeech(context: WireContext): Promise<void> {
  const body = readJson(context.body);
  refuseUnhonoured(body, speechUnhonoured);
  const {
    model: id,
    text,
    format,
  } = readSpeech(context.params.deployment === undefined ? body : { ...body, model: context.params.deployment });
  const model = context.model(id);
  context.record(sentOf(id, capabilities.speak, [text]));
  const audio = await context.run(() => context.app.speak(model, text, context.options));
  sendBytes(context.response, 200, audio, {
    ...context.dialect.headers(context.responseId),
    'content-type': soundTypes[format],
    'content-length': audio.byteLength,
  });
}

function malformed(why: string): WireError {
  return new WireError(
    'W0012',
    400,
    `The transcription request is malformed: ${why}. Send multipart/form-data with file (the audio) and model.`,
    { type: 'invalid_request_error', retry: false },
  );
}
