import { z } from 'zod';

/*
 * Anthropic's Messages API as its reference documents it: the request (read by the wire server,
 * written by the adapter), the whole `message` and the stream's events (written by the server,
 * read by the adapter). The request's top level is closed, as the API's is ("Extra inputs are not
 * permitted"); blocks are open, since they carry fields (cache_control, citations) nobody reads.
 */

const struct = z.record(z.string(), z.unknown());

const source = z.discriminatedUnion('type', [
  z.object({ type: z.literal('base64'), media_type: z.string(), data: z.string() }),
  z.object({ type: z.literal('url'), url: z.string() }),
  z.object({ type: z.literal('text'), media_type: z.string(), data: z.string() }),
]);

const textBlock = z.object({ type: z.literal('text'), text: z.string() });

/** One content block of a request's message: what the API takes, each in its documented shape. */
const requestBlock = z.discriminatedUnion('type', [
  textBlock,
  z.object({ type: z.literal('image'), source }),
  z.object({ type: z.literal('document'), source, title: z.string().nullish() }),
  z.object({ type: z.literal('tool_use'), id: z.string(), name: z.string(), input: struct }),
  z.object({
    type: z.literal('tool_result'),
    tool_use_id: z.string(),
    content: z.union([z.string(), z.array(z.object({ type: z.string(), text: z.string().optional() }))]).optional(),
    is_error: z.boolean().optional(),
  }),
  z.object({ type: z.literal('thinking'), thinking: z.string(), signature: z.string().optional() }),
  z.object({ type: z.literal('redacted_thinking'), data: z.string() }),
]);

export type RequestBlock = z.output<typeof requestBlock>;

const blockTypes = requestBlock.options.map((option) => option.shape.type.value);

/** Any block: one of a type the wire server does not read is refused by name before its fields are. */
const anyBlock = z
  .object({ type: z.string() })
  .loose()
  .superRefine((block, context) => {
    if ((blockTypes as string[]).includes(block.type)) return;
    context.addIssue({
      code: 'custom',
      message: `a '${block.type}' block: the wire server reads ${blockTypes.join(', ')} blocks. Send the content as text.`,
      params: { unhonoured: true },
    });
  })
  .pipe(requestBlock);

const message = z.object({
  role: z.enum(['user', 'assistant']),
  content: z.union([z.string(), z.array(anyBlock)]),
});

const tool = z.object({
  name: z.string().min(1),
  description: z.string().optional(),
  input_schema: struct.optional(),
  type: z.string().optional(),
});

const toolChoice = z.discriminatedUnion('type', [
  z.object({ type: z.literal('auto'), disable_parallel_tool_use: z.boolean().optional() }),
  z.object({ type: z.literal('any'), disable_parallel_tool_use: z.boolean().optional() }),
  z.object({ type: z.literal('none') }),
  z.object({ type: z.literal('tool'), name: z.string(), disable_parallel_tool_use: z.boolean().optional() }),
]);

const format = z.object({ type: z.literal('json_schema'), schema: struct.optional() });
const unit = (min: number) => z.number().min(min).max(1);

/** The body of `POST /v1/messages`. */
export const messagesBody = z.strictObject({
  model: z.string(),
  max_tokens: z.int().min(1),
  messages: z
    .array(message)
    .min(1, 'messages: at least one message is required')
    .refine((messages) => messages[0]?.role === 'user', {
      message: 'messages: first message must use the "user" role',
      path: [0, 'role'],
    }),
  system: z.union([z.string(), z.array(textBlock.loose())]).optional(),
  tools: z.array(tool.loose()).optional(),
  tool_choice: toolChoice.optional(),
  thinking: struct.optional(),
  output_config: z.object({ format: format.optional() }).loose().optional(),
  output_format: format.optional(),
  stop_sequences: z.array(z.string()).optional(),
  metadata: struct.optional(),
  stream: z.boolean().optional(),
  temperature: unit(0).optional(),
  top_p: unit(0).optional(),
  top_k: z.int().min(0).optional(),
  service_tier: z.string().optional(),
  context_management: z.unknown().optional(),
  cache_control: z.unknown().optional(),
  inference_geo: z.unknown().optional(),
});

export type MessagesBody = z.input<typeof messagesBody>;
export type MessagesRead = z.output<typeof messagesBody>;

/** The token counts of a message; a stream's later reports replace its earlier ones. */
export const usage = z.object({
  input_tokens: z.int().min(0).nullish(),
  output_tokens: z.int().min(0).nullish(),
  cache_creation_input_tokens: z.int().min(0).nullish(),
  cache_read_input_tokens: z.int().min(0).nullish(),
});

export type Usage = z.output<typeof usage>;

/** Any type but `types`: the blocks and deltas a reader passes over. */
const other = (...types: string[]) => z.object({ type: z.string().refine((type) => !types.includes(type)) });

/** A content block of an answer: text, thinking (signed or redacted) and tool_use are read; any other is passed over. */
const answerBlock = z.union([
  z.object({ type: z.literal('text'), text: z.string() }),
  z.object({ type: z.literal('thinking'), thinking: z.string(), signature: z.string().nullish() }),
  z.object({ type: z.literal('redacted_thinking'), data: z.string() }),
  z.object({ type: z.literal('tool_use'), id: z.string(), name: z.string().min(1), input: z.unknown() }),
  other('text', 'thinking', 'redacted_thinking', 'tool_use'),
]);

/** A whole `message`, as `POST /v1/messages` answers one without `stream`. */
export const answerMessage = z.object({
  type: z.literal('message'),
  content: z.array(answerBlock),
  stop_reason: z.string().nullish(),
  usage: usage.nullish(),
});

/** The fields of a stream event the reader reads, by the event's type; each is checked before use. */
export const streamEvents = {
  any: z.object({ type: z.string().optional() }).loose(),
  message_start: z.object({ message: z.object({ usage: usage.nullish() }) }),
  content_block_start: z.object({ index: z.int().min(0), content_block: answerBlock }),
  content_block_delta: z.object({
    index: z.int().min(0),
    delta: z.union([
      z.object({ type: z.literal('text_delta'), text: z.string() }),
      z.object({ type: z.literal('thinking_delta'), thinking: z.string() }),
      z.object({ type: z.literal('input_json_delta'), partial_json: z.string() }),
      z.object({ type: z.literal('signature_delta'), signature: z.string() }),
      other('text_delta', 'thinking_delta', 'input_json_delta', 'signature_delta'),
    ]),
  }),
  content_block_stop: z.object({ index: z.int().min(0) }),
  message_delta: z.object({
    delta: z.object({ stop_reason: z.string().nullish() }),
    usage: usage.nullish(),
  }),
} as const;
