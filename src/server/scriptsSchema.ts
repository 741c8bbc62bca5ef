import { z } from 'zod';
import type { Answers, CallRecord } from '../fakes/model/Answer.js';
import { embedByHash } from '../fakes/model/embedByHash.js';
import { imageByHash } from '../fakes/model/imageByHash.js';
import { imageMediaType } from '../services/requests/imageMediaType.js';
import { rankByOverlap } from '../fakes/model/rankByOverlap.js';
import { built, lazySchema } from '../validation/lazySchema.js';
import { paceExpected, paceSchema } from '../fakes/model/pace.js';
import { mcpExpected, mcpScriptsSchema } from './mcp/mcpScriptSchema.js';
import { fitting } from '../fakes/fitting/fitting.js';
import { fittingOptionsSchema } from '../fakes/fitting/fittingOptions.js';

/** A record of calls in JSON form: the calls a JSON script can answer, each in a form JSON holds. */
export const modelRecordSchema = lazySchema(() =>
  z.strictObject({
    // fitting() under the record's other calls: each call the record names answers as written.
    fitting: z.union([z.literal(true), built(fittingOptionsSchema)]).optional(),
    reply: z.array(z.unknown()).optional(),
    embed: z.strictObject({ dimensions: z.number().int().min(1).max(8192) }).optional(),
    hear: z.strictObject({ text: z.string() }).optional(),
    speak: z.strictObject({ base64: z.base64() }).optional(),
    rank: z.literal('overlap').optional(),
    image: z
      .union([
        z.literal('hash'),
        z
          .strictObject({
            base64: z.base64().min(1),
            mediaType: z
              .string()
              .regex(/^image\/[\w.+-]+$/)
              .optional(),
          })
          .refine(
            (image) =>
              image.mediaType !== undefined || imageMediaType(Buffer.from(image.base64, 'base64')) !== undefined,
            {
              path: ['mediaType'],
              message: 'the bytes are no PNG, JPEG, GIF or WebP: name their mediaType',
            },
          ),
      ])
      .optional(),
  }),
);

/** What one model is scripted with in JSON: a list of answers, `"fitting"`, or a record of calls in JSON form. */
export const modelScriptSchema = lazySchema(() =>
  z.union([z.array(z.unknown()), z.literal('fitting'), modelRecordSchema]),
);

/**
 * A scripts file (and a control API `PUT /__standin/scripts` body): answers keyed by the model
 * id clients send, in `app.fake`'s answer format, an optional classifier script in
 * `fakeClassifier`'s form, and scripted MCP servers by name. Answers are checked further when they are loaded.
 */
export const scriptsSchema = lazySchema(() =>
  z.strictObject({
    models: z.record(z.string().min(1).max(200), modelScriptSchema).default({}),
    classifier: z.union([z.array(z.unknown()), z.literal('fitting')]).optional(),
    // How fast each model's answers stream, for the answers that name no pace of their own.
    pace: z.record(z.string().min(1).max(200), built(paceSchema)).optional(),
    // Scripted MCP servers, served at /mcp/<name>.
    mcp: built(mcpScriptsSchema).optional(),
  }),
);

/**
 * What a wire server is scripted with: the JSON form of the answers per model id, and a classifier script.
 *
 * @example
 * ```ts
 * const scripts: Scripts = {
 *   models: {
 *     'gpt-4.1-mini': [{ text: 'Hello!' }],
 *     'text-embedding-3-small': { embed: { dimensions: 8 } },
 *     'gpt-4.1': 'fitting',
 *   },
 *   classifier: [{ answers: { team: 'billing' } }],
 *   pace: { 'gpt-4.1-mini': { firstMs: 300, perSecond: 25 } },
 *   mcp: { weather: { tools: { forecast: { answers: [{ output: { sky: 'sunny' } }] } } } },
 * };
 * ```
 */
export type Scripts = z.input<typeof scriptsSchema>;

/** What the problems of a scripts document are expected to be, per path, for messages. */
export const scriptsExpected: Readonly<Record<string, string>> = {
  '':
    "an object { models: { '<model id>': [answers] }, classifier?: [entries], pace?: { '<model id>': pace }, mcp?: " +
    "{ '<server>': { tools } } }",
  models: "an object keyed by model id: { 'gpt-4.1-mini': [{ text: 'Hello!' }] }",
  'models.*':
    "a list of answers, 'fitting', or a record { fitting?, reply?, embed?: { dimensions }, hear?: { text }, speak?: " +
    "{ base64 }, rank?: 'overlap', image?: 'hash' or { base64, mediaType? } }",
  'models.*.fitting': 'true, or fitting options { seed?, dimensions? }: answers from each request alone',
  'models.*.fitting.seed': 'a whole number: tool inputs and typed values drawn by it',
  'models.*.fitting.dimensions': 'a whole number from 1 to 65536: the length of each embedding',
  'models.*.embed': 'an object { dimensions: 8 }: vectors by hashing the text',
  'models.*.embed.dimensions': 'a whole number from 1 to 8192',
  'models.*.hear': "an object { text: '...' }: what every transcription hears",
  'models.*.speak': 'an object { base64 }: the bytes every speech answers',
  'models.*.speak.base64': 'the sound bytes as base64',
  'models.*.rank': "'overlap': scores by shared words",
  'models.*.image': "'hash': PNG images drawn from the prompt; or { base64, mediaType? }: the image every call answers",
  'models.*.image.base64': 'the image file as base64 (PNG, JPEG, GIF or WebP when no mediaType is given)',
  'models.*.image.mediaType': "the image's media type, such as 'image/jpeg'",
  classifier: 'a list of classifier script entries, such as [{ answers: { team: "billing" } }], or \'fitting\'',
  pace: "an object keyed by model id: { 'gpt-4.1-mini': { firstMs: 300, perSecond: 25 } }",
  ...mcpExpected,
  ...Object.fromEntries(Object.entries(paceExpected).map(([path, what]) => [path ? `pace.*.${path}` : 'pace.*', what])),
};

/** The answers `app.fake` takes for one JSON script; `'fitting'` is `fitting()`. */
export function answersOf(script: z.output<typeof modelScriptSchema>): Answers {
  if (Array.isArray(script)) return script as Answers;
  if (script === 'fitting') return fitting();
  const base = script.fitting === undefined ? {} : fitting(script.fitting === true ? {} : script.fitting);
  const record: { -readonly [K in keyof CallRecord]: CallRecord[K] } = { ...base };
  if (script.reply !== undefined) record.reply = script.reply as NonNullable<CallRecord['reply']>;
  if (script.embed !== undefined) record.embed = embedByHash(script.embed.dimensions);
  const heard = script.hear;
  if (heard !== undefined) record.hear = () => ({ text: heard.text });
  const sound = script.speak;
  if (sound !== undefined) record.speak = () => new Uint8Array(Buffer.from(sound.base64, 'base64'));
  if (script.rank !== undefined) record.rank = rankByOverlap();
  const picture = script.image;
  if (picture === 'hash') record.image = imageByHash();
  else if (picture !== undefined) {
    const bytes = new Uint8Array(Buffer.from(picture.base64, 'base64'));
    // The schema took bytes with no media type only when they show their own.
    const mediaType = picture.mediaType ?? imageMediaType(bytes)!;
    record.image = (_prompt, options) => Array.from({ length: options.count ?? 1 }, () => ({ bytes, mediaType }));
  }
  return record;
}
