import { z } from 'zod';
import type { HearInput } from '../../services/spec/Provider.js';
import { readReply, readShape } from '../readShape.js';

/** Audio formats whose media type is not `audio/<format>`. */
const mediaTypes: Readonly<Record<string, string>> = {
  mp3: 'audio/mpeg',
  mpga: 'audio/mpeg',
  m4a: 'audio/mp4',
  oga: 'audio/ogg',
  opus: 'audio/ogg',
};

/** The formats `/audio/speech` answers in, with their media types. */
export const soundTypes = {
  mp3: 'audio/mpeg',
  opus: 'audio/ogg',
  aac: 'audio/aac',
  flac: 'audio/flac',
  wav: 'audio/wav',
  pcm: 'audio/pcm',
} as const;

export type SoundFormat = keyof typeof soundTypes;

/** The parts of an `/audio/transcriptions` upload, each a text but the file. */
const transcriptionForm = z.strictObject({
  file: z.custom<Blob>((value) => value instanceof Blob, 'expected the audio as a file part'),
  model: z.string().min(1),
  language: z.string().optional(),
  prompt: z.string().optional(),
  response_format: z.enum(['json', 'text', 'srt', 'verbose_json', 'vtt', 'diarized_json']).optional(),
  temperature: z.string().optional(),
  'timestamp_granularities[]': z.string().optional(),
  'include[]': z.string().optional(),
  stream: z.string().optional(),
  chunking_strategy: z.string().optional(),
  'known_speaker_names[]': z.string().optional(),
  'known_speaker_references[]': z.string().optional(),
});

/** The answer `json` (and `verbose_json`) give: the text heard. */
export const transcriptionAnswer = z.object({ text: z.string() }).loose();

/** The transcription upload: `file`, `model`, `language`, the hint as `prompt`, `response_format: json`. */
export function writeTranscription(input: HearInput, model: string): FormData {
  const kind = input.kind.toLowerCase().replace(/[^a-z0-9]/g, '');
  const form = new FormData();
  const type = mediaTypes[kind] ?? `audio/${kind || 'octet-stream'}`;
  form.append('file', new Blob([input.audio as Uint8Array<ArrayBuffer>], { type }), `audio.${kind || 'bin'}`);
  form.append('model', model);
  if (input.language !== undefined) form.append('language', input.language);
  if (input.hint !== undefined && input.hint !== '') form.append('prompt', input.hint);
  form.append('response_format', 'json');
  return form;
}

/** An upload as read: the model, what to hear (its kind from the file's name, else its type), the answer's format. */
export async function readTranscription(form: FormData): Promise<{
  readonly model: string;
  readonly input: HearInput;
  readonly format: NonNullable<z.output<typeof transcriptionForm>['response_format']>;
}> {
  const parts = readShape(transcriptionForm, Object.fromEntries([...form.keys()].map((key) => [key, form.get(key)])));
  const file = parts.file;
  const name = file instanceof File ? file.name : '';
  const kind = (/\.([a-z0-9]+)$/i.exec(name)?.[1] ?? file.type.split('/')[1] ?? 'wav').toLowerCase();
  const input: HearInput = {
    audio: new Uint8Array(await file.arrayBuffer()),
    kind,
    ...(parts.language ? { language: parts.language } : {}),
    ...(parts.prompt ? { hint: parts.prompt } : {}),
  };
  return { model: parts.model, input, format: parts.response_format ?? 'json' };
}

/** The answer for `text` in `format`: the text alone for `text`, else JSON; with its content type. */
export function writeTranscriptionAnswer(
  text: string,
  format: 'json' | 'text' | 'verbose_json',
  language: string | undefined,
): { readonly body: string; readonly type: string } {
  if (format === 'text') return { body: text, type: 'text/plain; charset=utf-8' };
  const body =
    format === 'verbose_json'
      ? { task: 'transcribe', language: language ?? 'english', duration: 0, text, segments: [] }
      : { text, usage: { type: 'duration', seconds: 0 } };
  return { body: JSON.stringify(body), type: 'application/json' };
}

/** The text of a `json` transcription answer; a `malformed` fault without one. */
export function readTranscriptionAnswer(value: unknown): string {
  return readReply(transcriptionAnswer, value, 'the transcription answer').text;
}

/** The `/audio/speech` request body. */
const speechBody = z.strictObject({
  model: z.string().min(1),
  input: z.string().min(1).max(4096),
  voice: z.union([z.string().min(1), z.object({ id: z.string().min(1) })]),
  instructions: z.string().optional(),
  response_format: z.enum(Object.keys(soundTypes) as [SoundFormat, ...SoundFormat[]]).optional(),
  speed: z.number().min(0.25).max(4).optional(),
  stream_format: z.enum(['sse', 'audio']).optional(),
});

export type SpeechBody = z.output<typeof speechBody>;

/** The request speaking `text` in `voice`, in the server's default format (mp3 on OpenAI). */
export function writeSpeech(model: string, text: string, voice: string): SpeechBody {
  return { model, input: text, voice };
}

/** A speech request as read: the model, the text, the format to answer in. */
export function readSpeech(value: unknown): {
  readonly model: string;
  readonly text: string;
  readonly format: SoundFormat;
  readonly stream: SpeechBody['stream_format'];
} {
  const body = readShape(speechBody, value);
  return { model: body.model, text: body.input, format: body.response_format ?? 'mp3', stream: body.stream_format };
}
