import { capabilities } from '../../../services/capabilities/capabilities.js';
import { checkFields, need } from '../../checkFields.js';
import { readJson } from '../../readBody.js';
import { sendJson, sendBytes } from '../../respond.js';
import { sentOf } from '../../SentEntry.js';
import type { WireContext } from '../../WireContext.js';
import { WireError } from '../../WireError.js';

const transcriptionFields = new Set([
  'file',
  'model',
  'language',
  'prompt',
  'response_format',
  'temperature',
  'timestamp_granularities[]',
  'include[]',
  'stream',
  'chunking_strategy',
]);
const speechFields = new Set(['model', 'input', 'voice', 'instructions', 'response_format', 'speed', 'stream_format']);
const soundTypes: Readonly<Record<string, string>> = {
  mp3: 'audio/mpeg',
  opus: 'audio/ogg',
  aac: 'audio/aac',
  flac: 'audio/flac',
  wav: 'audio/wav',
  pcm: 'audio/pcm',
};

/**
 * `POST /v1/audio/transcriptions`: reads the multipart upload (`file`, `model`, `language`,
 * `prompt`), makes one `hear` call and answers `{ text }` (`response_format` json or
 * verbose_json), or the text alone (`text`).
 *
 * @example
 * ```ts
 * await openaiTranscription(context);
 * ```
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
  const fields: Record<string, unknown> = Object.fromEntries([...form.keys()].map((key) => [key, form.get(key)]));
  checkFields(fields, transcriptionFields, {
    stream: (v) => (v === 'false' ? undefined : 'the wire server answers transcriptions whole; leave stream out'),
    response_format: (v) =>
      v === 'json' || v === 'text' || v === 'verbose_json'
        ? undefined
        : "response_format is 'json', 'text' or 'verbose_json' here",
  });
  const file = form.get('file');
  if (!(file instanceof Blob)) throw malformed('the part file (the audio) is missing');
  const id = form.get('model');
  if (typeof id !== 'string' || id === '') throw malformed('the part model is missing');
  const model = context.model(id);
  const name = file instanceof File ? file.name : '';
  const kind = (/\.([a-z0-9]+)$/i.exec(name)?.[1] ?? file.type.split('/')[1] ?? 'wav').toLowerCase();
  const language = form.get('language');
  const hint = form.get('prompt');
  const audio = new Uint8Array(await file.arrayBuffer());
  const input = {
    audio,
    kind,
    ...(typeof language === 'string' && language ? { language } : {}),
    ...(typeof hint === 'string' && hint ? { hint } : {}),
  };
  context.record(sentOf(id, capabilities.hear, [input]));
  const heard = await context.run(() => context.app.hear(model, input, context.options));
  const format = form.get('response_format') ?? 'json';
  if (format === 'text') {
    sendBytes(context.response, 200, heard.text, {
      'content-type': 'text/plain; charset=utf-8',
      'x-request-id': context.responseId,
    });
    return;
  }
  const body =
    format === 'verbose_json'
      ? { task: 'transcribe', language: input.language ?? 'english', duration: 0, text: heard.text, segments: [] }
      : { text: heard.text, usage: { type: 'duration', seconds: 0 } };
  sendJson(context.response, 200, body, { 'x-request-id': context.responseId });
}

/**
 * `POST /v1/audio/speech`: makes one `speak` call and answers its bytes, typed by
 * `response_format` (mp3 unless named).
 *
 * @example
 * ```ts
 * await openaiSpeech(context);
 * ```
 */
export async function openaiSpeech(context: WireContext): Promise<void> {
  const body = readJson(context.body);
  checkFields(body, speechFields, {
    response_format: (v) =>
      typeof v === 'string' && v in soundTypes
        ? undefined
        : `response_format is one of ${Object.keys(soundTypes).join(', ')}`,
    stream_format: (v) =>
      v === 'audio'
        ? undefined
        : "the wire server answers speech as audio bytes; send stream_format: 'audio' or leave it out",
  });
  const id = need(typeof body.model === 'string' && body.model, 'model', 'the model id as a string');
  const text = need(
    typeof body.input === 'string' && body.input.length > 0 && body.input,
    'input',
    'the text to speak, a non-empty string',
  );
  const model = context.model(id);
  context.record(sentOf(id, capabilities.speak, [text]));
  const audio = await context.run(() => context.app.speak(model, text, context.options));
  const type = soundTypes[(body.response_format as string | undefined) ?? 'mp3']!;
  sendBytes(context.response, 200, audio, {
    'content-type': type,
    'content-length': audio.byteLength,
    'x-request-id': context.responseId,
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
