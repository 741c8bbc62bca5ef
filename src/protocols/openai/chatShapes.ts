import { z } from 'zod';

/*
 * OpenAI Chat Completions, as its API reference documents it: the request, the whole completion and
 * the streamed chunk. Read by the adapter (which writes requests and reads replies) and the wire
 * server (which reads requests and writes replies) alike.
 */

const text = z.object({ type: z.literal('text'), text: z.string() });

/** A user message's content part: text, an image, inline audio, a file. */
export const chatPart = z.discriminatedUnion('type', [
  text,
  z.object({
    type: z.literal('image_url'),
    image_url: z.object({ url: z.string(), detail: z.enum(['auto', 'low', 'high']).optional() }),
  }),
  z.object({
    type: z.literal('input_audio'),
    input_audio: z.object({ data: z.string(), format: z.enum(['wav', 'mp3']) }),
  }),
  z.object({
    type: z.literal('file'),
    file: z.object({
      file_data: z.string().optional(),
      file_id: z.string().optional(),
      filename: z.string().optional(),
    }),
  }),
]);

/** Text, as a string or a list of text parts (what system, developer and tool messages take). */
const textContent = z.union([z.string(), z.array(text)]);

export const chatToolCall = z.object({
  id: z.string(),
  type: z.literal('function').optional(),
  function: z.object({ name: z.string().min(1), arguments: z.string() }),
});

export const chatMessage = z.discriminatedUnion('role', [
  z.object({ role: z.enum(['system', 'developer']), content: textContent, name: z.string().optional() }),
  z.object({ role: z.literal('user'), content: z.union([z.string(), z.array(chatPart)]), name: z.string().optional() }),
  z.object({
    role: z.literal('assistant'),
    content: z
      .union([z.string(), z.array(z.union([text, z.object({ type: z.literal('refusal'), refusal: z.string() })]))])
      .nullish(),
    refusal: z.string().nullish(),
    tool_calls: z.array(chatToolCall).nullish(),
    name: z.string().optional(),
  }),
  z.object({ role: z.literal('tool'), tool_call_id: z.string(), content: textContent }),
]);

export const chatTool = z.object({
  type: z.literal('function'),
  function: z.object({
    name: z.string().min(1),
    description: z.string().optional(),
    parameters: z.record(z.string(), z.unknown()).optional(),
    strict: z.boolean().nullish(),
  }),
});

export const chatToolChoice = z.union([
  z.enum(['none', 'auto', 'required']),
  z.object({ type: z.literal('function'), function: z.object({ name: z.string().min(1) }) }),
]);

export const chatResponseFormat = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text') }),
  z.object({ type: z.literal('json_object') }),
  z.object({
    type: z.literal('json_schema'),
    json_schema: z.object({
      name: z.string(),
      description: z.string().optional(),
      schema: z.record(z.string(), z.unknown()).optional(),
      strict: z.boolean().nullish(),
    }),
  }),
]);

/** The request body; a field OpenAI does not document is refused (`unrecognized_keys`). */
export const chatBody = z.strictObject({
  model: z.string().min(1),
  messages: z.array(chatMessage).min(1),
  tools: z.array(chatTool).nullish(),
  tool_choice: chatToolChoice.nullish(),
  parallel_tool_calls: z.boolean().nullish(),
  response_format: chatResponseFormat.nullish(),
  stream: z.boolean().nullish(),
  stream_options: z.object({ include_usage: z.boolean().optional() }).loose().nullish(),
  temperature: z.number().min(0).max(2).nullish(),
  top_p: z.number().min(0).max(1).nullish(),
  max_tokens: z.int().min(1).nullish(),
  max_completion_tokens: z.int().min(1).nullish(),
  frequency_penalty: z.number().min(-2).max(2).nullish(),
  presence_penalty: z.number().min(-2).max(2).nullish(),
  seed: z.int().nullish(),
  stop: z.union([z.string(), z.array(z.string())]).nullish(),
  n: z.int().min(1).max(128).nullish(),
  store: z.boolean().nullish(),
  logprobs: z.boolean().nullish(),
  top_logprobs: z.int().min(0).max(20).nullish(),
  logit_bias: z.record(z.string(), z.number()).nullish(),
  user: z.string().nullish(),
  metadata: z.record(z.string(), z.string()).nullish(),
  modalities: z.array(z.string()).nullish(),
  reasoning_effort: z.string().nullish(),
  service_tier: z.string().nullish(),
  verbosity: z.string().nullish(),
  prompt_cache_key: z.string().nullish(),
  prompt_cache_retention: z.string().nullish(),
  safety_identifier: z.string().nullish(),
});

export type ChatBody = z.input<typeof chatBody>;

const usageDetails = z.record(z.string(), z.number().nullish());

/** Token counts, as a completion and the last streamed chunk report them. */
export const chatUsage = z.object({
  prompt_tokens: z.int().min(0),
  completion_tokens: z.int().min(0),
  total_tokens: z.int().min(0).optional(),
  prompt_tokens_details: usageDetails.nullish(),
  completion_tokens_details: usageDetails.nullish(),
});

export type ChatUsage = z.output<typeof chatUsage>;

/** Why a choice ended. `function_call` is the deprecated form of `tool_calls`. */
export const chatFinish = z.enum(['stop', 'length', 'tool_calls', 'content_filter', 'function_call']);

/** The whole completion a request without `stream` is answered with. */
export const chatCompletion = z.object({
  id: z.string().optional(),
  object: z.literal('chat.completion').optional(),
  created: z.number().optional(),
  model: z.string().optional(),
  choices: z.array(
    z.object({
      index: z.number().optional(),
      message: z.object({
        role: z.literal('assistant').optional(),
        content: z.string().nullish(),
        refusal: z.string().nullish(),
        reasoning_content: z.string().nullish(),
        tool_calls: z.array(chatToolCall).nullish(),
      }),
      // Compatible servers make up reasons of their own; an unknown one ends the reply as `stop` does.
      finish_reason: z.string().nullish(),
      content_filter_results: z.unknown().optional(),
    }),
  ),
  usage: chatUsage.nullish(),
});

export type ChatCompletion = z.output<typeof chatCompletion>;

/** One tool call's fragment in a chunk: the first names it, the rest carry pieces of its arguments. */
const chatCallFragment = z.object({
  index: z.int().min(0).max(1024).optional(),
  id: z.string().nullish(),
  type: z.string().nullish(),
  function: z.object({ name: z.string().nullish(), arguments: z.string().nullish() }).nullish(),
});

/** One `data:` event of a streamed completion (or an error a server sends in its place). */
export const chatChunk = z.object({
  error: z.unknown().optional(),
  usage: chatUsage.nullish(),
  choices: z
    .array(
      z.object({
        index: z.number().optional(),
        delta: z
          .object({
            role: z.string().nullish(),
            content: z.string().nullish(),
            // Sent by compatible servers (vLLM, DeepSeek, Ollama) for a reasoning model's thinking.
            reasoning_content: z.string().nullish(),
            reasoning: z.string().nullish(),
            refusal: z.string().nullish(),
            tool_calls: z.array(chatCallFragment).nullish(),
          })
          .nullish(),
        finish_reason: z.string().nullish(),
        content_filter_results: z.unknown().optional(),
      }),
    )
    .nullish(),
});

export type ChatChunk = z.output<typeof chatChunk>;
