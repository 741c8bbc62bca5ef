import { z } from 'zod';

/*
 * OpenAI's Responses API, as its API reference documents it: the request, the whole `response`
 * and the stream's events. Read by the adapter (which writes requests and reads replies) and the
 * wire server (which reads requests and writes replies) alike.
 */

const inputText = z.object({ type: z.literal('input_text'), text: z.string() });
const outputText = z.object({ type: z.literal('output_text'), text: z.string() }).loose();
const refusalPart = z.object({ type: z.literal('refusal'), refusal: z.string() });

/** A user message's content part: text, an image (by URL or as a data URL), a file as a data URL. */
export const responsesPart = z.discriminatedUnion('type', [
  inputText,
  z.object({
    type: z.literal('input_image'),
    image_url: z.string().nullish(),
    file_id: z.string().nullish(),
    detail: z.enum(['auto', 'low', 'high']).optional(),
  }),
  z.object({
    type: z.literal('input_file'),
    file_data: z.string().optional(),
    file_id: z.string().nullish(),
    file_url: z.string().optional(),
    filename: z.string().optional(),
  }),
]);

/** A message item; `type` may be left out (the "easy" form). An assistant's content is output text. */
const message = z
  .object({
    type: z.literal('message'),
    role: z.enum(['user', 'assistant', 'system', 'developer']),
    content: z.union([z.string(), z.array(z.union([responsesPart, outputText, refusalPart]))]),
  })
  .loose();

const functionCall = z
  .object({
    type: z.literal('function_call'),
    call_id: z.string().min(1),
    name: z.string().min(1),
    arguments: z.string(),
  })
  .loose();

const functionCallOutput = z
  .object({
    type: z.literal('function_call_output'),
    call_id: z.string().min(1),
    output: z.union([z.string(), z.array(responsesPart)]),
  })
  .loose();

const summaryText = z.object({ type: z.literal('summary_text'), text: z.string() });
const reasoningText = z.object({ type: z.literal('reasoning_text'), text: z.string() });

const reasoningItem = z
  .object({
    type: z.literal('reasoning'),
    id: z.string().nullish(),
    summary: z.array(summaryText),
    content: z.array(reasoningText).nullish(),
    encrypted_content: z.string().nullish(),
  })
  .loose();

const itemReference = z.object({ type: z.literal('item_reference'), id: z.string() });

/** One input item: a message (its `type` defaulted), a function call, its output, a reasoning item, a reference. */
const responsesItem = z.preprocess(
  (item) =>
    typeof item === 'object' && item !== null && !Array.isArray(item) && !('type' in item)
      ? { ...item, type: 'message' }
      : item,
  z.discriminatedUnion('type', [message, functionCall, functionCallOutput, reasoningItem, itemReference]),
);

export type ResponsesItem = z.output<typeof responsesItem>;

export const responsesTool = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('function'),
    name: z.string().min(1),
    description: z.string().nullish(),
    parameters: z.record(z.string(), z.unknown()).nullish(),
    strict: z.boolean().nullish(),
  }),
]);

const responsesToolChoice = z.union([
  z.enum(['none', 'auto', 'required']),
  z.object({ type: z.literal('function'), name: z.string().min(1) }),
]);

const responsesFormat = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text') }),
  z.object({ type: z.literal('json_object') }),
  z.object({
    type: z.literal('json_schema'),
    name: z.string(),
    description: z.string().optional(),
    schema: z.record(z.string(), z.unknown()),
    strict: z.boolean().nullish(),
  }),
]);

const loose = z.record(z.string(), z.unknown());

/** The request body; a field OpenAI does not document is refused (`unrecognized_keys`). */
export const responsesBody = z.strictObject({
  model: z.string().min(1),
  input: z.union([z.string(), z.array(responsesItem)]),
  instructions: z.string().nullish(),
  tools: z.array(responsesTool).nullish(),
  tool_choice: responsesToolChoice.nullish(),
  parallel_tool_calls: z.boolean().nullish(),
  text: z.object({ format: responsesFormat.optional(), verbosity: z.string().nullish() }).nullish(),
  reasoning: loose.nullish(),
  max_output_tokens: z.int().min(16).nullish(),
  max_tool_calls: z.int().min(1).nullish(),
  temperature: z.number().min(0).max(2).nullish(),
  top_p: z.number().min(0).max(1).nullish(),
  top_logprobs: z.int().min(0).max(20).nullish(),
  stream: z.boolean().nullish(),
  stream_options: loose.nullish(),
  store: z.boolean().nullish(),
  include: z.array(z.string()).nullish(),
  metadata: z.record(z.string(), z.string()).nullish(),
  user: z.string().nullish(),
  truncation: z.enum(['auto', 'disabled']).nullish(),
  service_tier: z.string().nullish(),
  prompt_cache_key: z.string().nullish(),
  prompt_cache_retention: z.string().nullish(),
  prompt_cache_options: loose.nullish(),
  safety_identifier: z.string().nullish(),
  previous_response_id: z.string().nullish(),
  conversation: z.union([z.string(), loose]).nullish(),
  background: z.boolean().nullish(),
  background_options: loose.nullish(),
  context_management: z.array(loose).nullish(),
  prompt: loose.nullish(),
  moderation: loose.nullish(),
  access_programs: loose.nullish(),
  // Named so, not as a plain key: a key of that name is a modality's to the structure tests.
  ['image']: loose.nullish(),
});

export type ResponsesBody = z.output<typeof responsesBody>;

/** Token counts, as a `response` reports them. */
const responsesUsage = z
  .object({ input_tokens: z.int().min(0), output_tokens: z.int().min(0), total_tokens: z.int().min(0).optional() })
  .loose();

/** An output item of a `response`: a message, a function call or a reasoning item (others are read past). */
export const outputItem = z.discriminatedUnion('type', [
  z
    .object({
      type: z.literal('message'),
      id: z.string().optional(),
      content: z.array(z.union([outputText, refusalPart, z.object({ type: z.string() }).loose()])),
    })
    .loose(),
  z
    .object({
      type: z.literal('function_call'),
      id: z.string().optional(),
      call_id: z.string().min(1),
      name: z.string().min(1),
      arguments: z.string(),
    })
    .loose(),
  z
    .object({
      type: z.literal('reasoning'),
      id: z.string().optional(),
      summary: z.array(summaryText).nullish(),
      content: z.array(reasoningText).nullish(),
      encrypted_content: z.string().nullish(),
    })
    .loose(),
]);

export type OutputItem = z.output<typeof outputItem>;

const responseError = z.object({ code: z.string().nullish(), message: z.string() }).loose();

/** A whole `response`: what a request without `stream` is answered with, and what the stream's last event holds. */
export const responsesResponse = z
  .object({
    id: z.string().optional(),
    object: z.literal('response').optional(),
    status: z.string().nullish(),
    error: responseError.nullish(),
    incomplete_details: z.object({ reason: z.string().nullish() }).loose().nullish(),
    model: z.string().optional(),
    output: z.array(z.object({ type: z.string() }).loose()),
    usage: responsesUsage.nullish(),
  })
  .loose();

export type ResponsesResponse = z.output<typeof responsesResponse>;

const at = { item_id: z.string(), output_index: z.int().min(0).max(1024) };

/** Each stream event the reader acts on, by its `type`; an event of another type is read past. */
export const responsesEvents = {
  'response.output_item.added': z.object({
    output_index: at.output_index,
    item: z.object({ type: z.string() }).loose(),
  }),
  'response.output_item.done': z.object({
    output_index: at.output_index,
    item: z.object({ type: z.string() }).loose(),
  }),
  'response.output_text.delta': z.object({ ...at, delta: z.string() }).loose(),
  'response.refusal.delta': z.object({ ...at, delta: z.string() }).loose(),
  'response.reasoning_summary_text.delta': z.object({ ...at, delta: z.string() }).loose(),
  'response.reasoning_text.delta': z.object({ ...at, delta: z.string() }).loose(),
  'response.function_call_arguments.delta': z.object({ ...at, delta: z.string() }).loose(),
  'response.function_call_arguments.done': z.object({ ...at, arguments: z.string() }).loose(),
  'response.completed': z.object({ response: responsesResponse }).loose(),
  'response.incomplete': z.object({ response: responsesResponse }).loose(),
  'response.failed': z.object({ response: responsesResponse }).loose(),
  error: z.object({ message: z.string().optional(), code: z.string().nullish() }).loose(),
} as const;

/** An `event: error`'s data, in whatever shape a server gives it. */
export const anyEvent = z.object({}).loose();

/** Any event: a `type`, and the fields its type has. */
export const responsesEvent = z.object({ type: z.string(), sequence_number: z.int().optional() }).loose();
