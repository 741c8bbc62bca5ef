import { z } from 'zod';
import { userContentSchema } from './partSchemas.js';
import { callSettingsSchema } from './settingsSchema.js';
import { built, lazySchema } from '../../validation/lazySchema.js';
import { MAX_TIMER_MS } from '../providers/http/limits.js';

/** A zod schema handed in by the caller (any zod 4 type). */
export const zodTypeSchema = lazySchema(() =>
  z.custom<z.ZodType>(
    (value) =>
      typeof value === 'object' &&
      value !== null &&
      '_zod' in value &&
      typeof (value as z.ZodType).safeParse === 'function',
    { message: 'Expected a zod schema' },
  ),
);

const toolCallSchema = lazySchema(() =>
  z.strictObject({
    id: z.string().min(1),
    tool: z.string().min(1),
    with: z.unknown(),
    signature: z.string().optional(),
  }),
);
const reasoningSchema = lazySchema(() =>
  z.strictObject({
    text: z.string(),
    signature: z.string().optional(),
    redacted: z.boolean().optional(),
    id: z.string().optional(),
  }),
);
const toolResultSchema = lazySchema(() =>
  z.strictObject({
    id: z.string().min(1),
    tool: z.string().min(1),
    output: z.unknown().optional(),
    error: z.string().optional(),
  }),
);

export const messageSchema = lazySchema(() =>
  z.discriminatedUnion('role', [
    z.strictObject({ role: z.literal('user'), content: built(userContentSchema) }),
    z.strictObject({
      role: z.literal('assistant'),
      reasoning: z.array(built(reasoningSchema)).optional(),
      content: z.string().optional(),
      calls: z.array(built(toolCallSchema)).optional(),
    }),
    z.strictObject({ role: z.literal('tool'), results: z.array(built(toolResultSchema)).min(1) }),
  ]),
);

/** A tool name as every provider accepts it. */
export const toolNameSchema = lazySchema(() =>
  z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, {
    message: 'A tool name is 1 to 64 letters, digits, _ or -',
  }),
);

export const toolSchema = lazySchema(() =>
  z.strictObject({
    description: z.string().optional(),
    input: built(zodTypeSchema),
    run: z.custom<(...args: never[]) => unknown>((value) => typeof value === 'function', {
      message: 'Expected a function',
    }),
    timeoutMs: z.number().int().positive().max(MAX_TIMER_MS).optional(),
  }),
);

/** A conversation: a string is one user message. */
export const conversationSchema = lazySchema(() => z.union([z.string().min(1), z.array(built(messageSchema)).min(1)]));

export const replyInputSchema = lazySchema(() =>
  z.strictObject({
    instructions: z.string().optional(),
    messages: built(conversationSchema),
    tools: z.record(built(toolNameSchema), built(toolSchema)).optional(),
    output: zodTypeSchema.optional(),
    settings: callSettingsSchema.optional(),
  }),
);

export const hearInputSchema = lazySchema(() =>
  z.strictObject({
    audio: z.instanceof(Uint8Array),
    kind: z.string().min(1),
    language: z.string().min(2).optional(),
    hint: z.string().optional(),
  }),
);

export const callOptionsSchema = lazySchema(() =>
  z.strictObject({
    signal: z.instanceof(AbortSignal).optional(),
    requestId: z.string().min(1).optional(),
    stepKey: z.string().min(1).optional(),
    runId: z.string().min(1).optional(),
    retry: z
      .union([
        z.literal(false),
        z.strictObject({
          attempts: z.number().int().min(1).max(100).optional(),
          baseDelayMs: z.number().min(0).max(MAX_TIMER_MS).optional(),
          maxDelayMs: z.number().min(0).max(MAX_TIMER_MS).optional(),
          jitter: z.number().min(0).max(1).optional(),
        }),
      ])
      .optional(),
  }),
);

export const agentSchema = lazySchema(() =>
  z.strictObject({
    model: z.string().min(1),
    instructions: z.string().optional(),
    tools: z.record(built(toolNameSchema), built(toolSchema)).optional(),
    output: zodTypeSchema.optional(),
    maxSteps: z.number().int().min(1).max(1000).optional(),
    settings: callSettingsSchema.optional(),
  }),
);

/** What the caller may write where the engine expects each field; used for fix hints. */
export const expectedFields: Readonly<Record<string, string>> = {
  messages: "a non-empty string (one user message) or a list of messages such as [{ role: 'user', content: 'Hi' }]",
  instructions: 'a string',
  tools: 'a record of tool name -> tool({ input, run })',
  timeoutMs: 'a whole number of milliseconds from 1 to 2147483647 (the longest a Node timer holds), such as 60000',
  output: 'a zod schema, such as z.object({ ... })',
  audio: 'the sound as a Uint8Array (a Buffer is one)',
  kind: "the audio format as a string, such as 'wav'",
  model: 'a model name from config.models',
  maxSteps: 'a whole number from 1 to 1000',
  settings: '{ temperature?, topP?, maxOutputTokens?, stopSequences?, toolChoice?, seed?, providerOptions? }',
};
