import { z } from 'zod';

/*
 * Ollama's native API (`/api/chat`, `/api/generate`, `/api/embed`) as its API reference documents it and the official
 * `ollama` client sends it. Ollama's server is Go: a field it does not know is passed over, not refused, so the request
 * shapes are loose objects. A tool call's `arguments` is an object, not JSON text.
 */

const jsonObject = z.record(z.string(), z.unknown());

/** The model options of a request (`options`): those the wire server reads, the rest passed over. */
export const ollamaOptions = z.looseObject({
  temperature: z.number().nullish(),
  top_p: z.number().nullish(),
  num_predict: z.int().nullish(),
  stop: z.union([z.array(z.string()), z.string()]).nullish(),
  seed: z.int().nullish(),
});

/** A tool call, whole: Ollama sends each in one chunk. */
export const ollamaToolCall = z.looseObject({
  id: z.string().nullish(),
  type: z.string().nullish(),
  function: z.looseObject({
    index: z.int().nullish(),
    name: z.string(),
    arguments: jsonObject.nullish(),
  }),
});

/** A chat message: `tool_calls` on an assistant's, `tool_name` (or `tool_call_id`) on a tool result's. */
export const ollamaMessage = z.looseObject({
  role: z.enum(['system', 'user', 'assistant', 'tool']),
  content: z.string().nullish(),
  thinking: z.string().nullish(),
  images: z.array(z.string()).nullish(),
  tool_calls: z.array(ollamaToolCall).nullish(),
  tool_name: z.string().nullish(),
  tool_call_id: z.string().nullish(),
});

/** A function the model may call. */
export const ollamaTool = z.looseObject({
  type: z.string().nullish(),
  function: z.looseObject({
    name: z.string(),
    description: z.string().nullish(),
    parameters: jsonObject.nullish(),
  }),
});

/** `format`: `"json"` for any JSON value, or a JSON Schema the value follows. */
export const ollamaFormat = z.union([z.string(), jsonObject]);

/** The body of `POST /api/chat`; `stream` is true when left out. */
export const ollamaChatBody = z.looseObject({
  model: z.string(),
  messages: z.array(ollamaMessage).nullish(),
  tools: z.array(ollamaTool).nullish(),
  format: ollamaFormat.nullish(),
  options: ollamaOptions.nullish(),
  stream: z.boolean().nullish(),
  think: z.union([z.boolean(), z.string()]).nullish(),
  keep_alive: z.union([z.string(), z.number()]).nullish(),
});

/** The body of `POST /api/generate`: one prompt, and its system text. */
export const ollamaGenerateBody = z.looseObject({
  model: z.string(),
  prompt: z.string().nullish(),
  system: z.string().nullish(),
  images: z.array(z.string()).nullish(),
  format: ollamaFormat.nullish(),
  options: ollamaOptions.nullish(),
  stream: z.boolean().nullish(),
  raw: z.boolean().nullish(),
  context: z.array(z.int()).nullish(),
  think: z.union([z.boolean(), z.string()]).nullish(),
  keep_alive: z.union([z.string(), z.number()]).nullish(),
});

/** The body of `POST /api/embed`: one text or a list of them. */
export const ollamaEmbedBody = z.looseObject({
  model: z.string(),
  input: z.union([z.string(), z.array(z.string())]),
  truncate: z.boolean().nullish(),
  dimensions: z.int().nullish(),
  options: ollamaOptions.nullish(),
  keep_alive: z.union([z.string(), z.number()]).nullish(),
});

const count = z.int().nonnegative().nullish();

/** What the last chunk of a reply (or a whole answer) carries beside its content: why it ended, and its counts. */
const doneFields = {
  model: z.string().nullish(),
  created_at: z.string().nullish(),
  done: z.boolean(),
  done_reason: z.string().nullish(),
  total_duration: count,
  load_duration: count,
  prompt_eval_count: count,
  prompt_eval_duration: count,
  eval_count: count,
  eval_duration: count,
};

/** One line of a `/api/chat` answer (or the whole of one with `stream: false`). */
export const ollamaChatChunk = z.looseObject({
  ...doneFields,
  message: z
    .looseObject({
      role: z.string().nullish(),
      content: z.string().nullish(),
      thinking: z.string().nullish(),
      tool_calls: z.array(ollamaToolCall).nullish(),
    })
    .nullish(),
});

/** One line of a `/api/generate` answer. */
export const ollamaGenerateChunk = z.looseObject({
  ...doneFields,
  response: z.string().nullish(),
  thinking: z.string().nullish(),
  context: z.array(z.int()).nullish(),
});

/** A `/api/embed` answer: one vector per input, in order. */
export const ollamaEmbedResponse = z.looseObject({
  model: z.string().nullish(),
  embeddings: z
    .array(z.array(z.number('the embedding holds something other than finite numbers')).min(1, 'a vector is empty'))
    .min(1, 'there are no embeddings'),
});

/** Ollama's error body, a status's and a stream line's alike. */
export const ollamaError = z.object({ error: z.string() });

export type OllamaChatBody = z.input<typeof ollamaChatBody>;
export type OllamaChatRead = z.output<typeof ollamaChatBody>;
export type OllamaGenerateBody = z.input<typeof ollamaGenerateBody>;
export type OllamaGenerateRead = z.output<typeof ollamaGenerateBody>;
export type OllamaMessage = z.input<typeof ollamaMessage>;
export type OllamaToolCall = z.output<typeof ollamaToolCall>;
export type OllamaChatChunk = z.output<typeof ollamaChatChunk>;
export type OllamaGenerateChunk = z.output<typeof ollamaGenerateChunk>;
export type OllamaEmbedBody = z.input<typeof ollamaEmbedBody>;
