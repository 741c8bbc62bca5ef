import { z } from 'zod';

/*
 * Cohere's `POST /v2/chat`, as its API reference documents it: the request, the whole response,
 * and the events of a stream (`stream: true`). Read by the adapter, written by the wire server.
 * A response's fields the adapter does not read (citations, log probabilities) are let through: a
 * newer API adds fields, and an answer is still one.
 */

const text = z.strictObject({ type: z.literal('text'), text: z.string() });
const thinking = z.strictObject({ type: z.literal('thinking'), thinking: z.string() });
const imageUrl = z.strictObject({
  type: z.literal('image_url'),
  image_url: z.strictObject({ url: z.string(), detail: z.enum(['auto', 'low', 'high']).nullish() }),
});
const document = z.strictObject({ type: z.literal('document'), document: z.record(z.string(), z.unknown()) });

/** A tool call as an assistant message and a response carry it: its input as JSON text. */
export const toolCall = z.object({
  id: z.string('a tool call has no id'),
  type: z.literal('function').nullish(),
  function: z.object({
    name: z.string('a tool call has no function name').min(1, 'a tool call has no function name'),
    arguments: z.string('function.arguments is not JSON text').nullish(),
  }),
});

const system = z.strictObject({ role: z.literal('system'), content: z.union([z.string(), z.array(text)]) });
const user = z.strictObject({
  role: z.literal('user'),
  content: z.union([z.string(), z.array(z.discriminatedUnion('type', [text, imageUrl, document]))]),
});
const assistant = z.strictObject({
  role: z.literal('assistant'),
  content: z.union([z.string(), z.array(z.discriminatedUnion('type', [text, thinking]))]).nullish(),
  tool_calls: z.array(toolCall).nullish(),
  tool_plan: z.string().nullish(),
  citations: z.array(z.unknown()).nullish(),
});
const tool = z.strictObject({
  role: z.literal('tool'),
  tool_call_id: z.string(),
  content: z.union([z.string(), z.array(z.discriminatedUnion('type', [text, document]))]),
});

/** The body of `POST /v2/chat`. */
export const cohereChatBody = z.strictObject({
  model: z.string().min(1, 'model is required'),
  messages: z.array(z.discriminatedUnion('role', [system, user, assistant, tool])).min(1, 'messages must not be empty'),
  tools: z
    .array(
      z.strictObject({
        type: z.literal('function'),
        function: z.strictObject({
          name: z.string().min(1),
          description: z.string().nullish(),
          parameters: z.record(z.string(), z.unknown()).nullish(),
        }),
      }),
    )
    .nullish(),
  strict_tools: z.boolean().nullish(),
  documents: z.array(z.unknown()).nullish(),
  citation_options: z.record(z.string(), z.unknown()).nullish(),
  response_format: z
    .discriminatedUnion('type', [
      z.strictObject({ type: z.literal('text') }),
      z.strictObject({ type: z.literal('json_object'), json_schema: z.record(z.string(), z.unknown()).nullish() }),
    ])
    .nullish(),
  safety_mode: z.enum(['CONTEXTUAL', 'STRICT', 'OFF']).nullish(),
  max_tokens: z.int().min(1).nullish(),
  stop_sequences: z.array(z.string()).max(5, 'at most 5 stop sequences').nullish(),
  temperature: z.number().min(0).nullish(),
  seed: z.int().nullish(),
  frequency_penalty: z.number().nullish(),
  presence_penalty: z.number().nullish(),
  k: z.number().nullish(),
  p: z.number().nullish(),
  return_prompt: z.boolean().nullish(),
  logprobs: z.boolean().nullish(),
  tool_choice: z.enum(['REQUIRED', 'NONE']).nullish(),
  thinking: z.record(z.string(), z.unknown()).nullish(),
  priority: z.number().nullish(),
  stream: z.boolean().nullish(),
});

export type ChatBody = z.output<typeof cohereChatBody>;
export type ChatMessage = ChatBody['messages'][number];

const count = z.number('usage counts must be numbers').min(0, 'a token count is below 0').nullish();
const tokens = z.object({ input_tokens: count, output_tokens: count });

/** Usage: the tokens the model read and wrote, and the units billed. */
export const cohereUsage = z.object({ billed_units: tokens.nullish(), tokens: tokens.nullish() });

/** A whole `/v2/chat` response. */
export const chatResponse = z.object({
  id: z.string().nullish(),
  finish_reason: z.string('the response has no finish_reason'),
  message: z.object({
    role: z.string().nullish(),
    content: z
      .array(z.object({ type: z.string(), text: z.string().nullish(), thinking: z.string().nullish() }))
      .nullish(),
    tool_plan: z.string().nullish(),
    tool_calls: z.array(toolCall).nullish(),
  }),
  usage: cohereUsage.nullish(),
});

const contentPiece = z.object({
  type: z.string().nullish(),
  text: z.string().nullish(),
  thinking: z.string().nullish(),
});
const callPiece = z.object({
  id: z.string().nullish(),
  function: z.object({ name: z.string().nullish(), arguments: z.string().nullish() }).nullish(),
});

/** One event of a streamed `/v2/chat` response; its `type` names it (the `event:` line says the same). */
export const chatEvent = z.object({
  type: z.string('a stream event has no type'),
  id: z.string().nullish(),
  index: z.int().nullish(),
  delta: z
    .object({
      message: z
        .object({
          // `message-start` opens the message with empty lists; each later event carries one piece.
          content: z.union([contentPiece, z.array(z.unknown())]).nullish(),
          tool_plan: z.string().nullish(),
          tool_calls: z.union([callPiece, z.array(z.unknown())]).nullish(),
        })
        .nullish(),
      finish_reason: z.string().nullish(),
      error: z.string().nullish(),
      usage: cohereUsage.nullish(),
    })
    .nullish(),
});

export type ChatEvent = z.output<typeof chatEvent>;
