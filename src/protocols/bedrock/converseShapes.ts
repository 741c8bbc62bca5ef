import { z } from 'zod';

/*
 * Amazon Bedrock's Converse and ConverseStream request, as its API reference documents it: read by the wire server
 * (which refuses what Bedrock refuses, in its words) and written by the adapter. The model goes in the path.
 */

/** A tool's name, as Bedrock takes it: 1 to 64 of `[a-zA-Z0-9_-]`. */
const toolName = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[a-zA-Z0-9_-]+$/);
/** A tool use's id. Bedrock's own match the name's pattern; the server takes any a script gave its calls. */
const toolUseId = z.string().min(1);
/** A block Bedrock carries that the server passes on to no one: a cache point, a guardrail's or a citation's marks. */
const passed = z.record(z.string(), z.unknown());

/** Bytes as the JSON protocol carries a blob (base64), or a place in S3. */
const source = z.strictObject({
  bytes: z.string().optional(),
  s3Location: z.strictObject({ uri: z.string(), bucketOwner: z.string().optional() }).optional(),
});

export const converseImage = z.strictObject({
  format: z.enum(['png', 'jpeg', 'gif', 'webp']),
  source,
});

export const converseDocument = z.strictObject({
  format: z.enum(['pdf', 'csv', 'doc', 'docx', 'xls', 'xlsx', 'html', 'txt', 'md']).optional(),
  name: z.string().min(1).max(200),
  source: source.extend({
    text: z.string().optional(),
    content: z.array(z.strictObject({ text: z.string() })).optional(),
  }),
  context: z.string().optional(),
  citations: z.strictObject({ enabled: z.boolean() }).optional(),
});

export const converseToolUse = z.strictObject({
  toolUseId,
  name: toolName,
  input: z.unknown(),
  type: z.string().optional(),
});

/** One block of a tool result's content. */
export const converseResultBlock = z.strictObject({
  json: z.unknown().optional(),
  text: z.string().optional(),
  image: converseImage.optional(),
  document: converseDocument.optional(),
  video: passed.optional(),
  searchResult: passed.optional(),
});

export const converseToolResult = z.strictObject({
  toolUseId,
  content: z.array(converseResultBlock),
  status: z.enum(['success', 'error']).optional(),
  type: z.string().optional(),
});

export const converseReasoning = z.strictObject({
  reasoningText: z.strictObject({ text: z.string(), signature: z.string().optional() }).optional(),
  redactedContent: z.string().optional(),
});

/** One content block of a message: exactly one of its members is set. */
export const converseBlock = z.strictObject({
  text: z.string().optional(),
  image: converseImage.optional(),
  document: converseDocument.optional(),
  video: passed.optional(),
  toolUse: converseToolUse.optional(),
  toolResult: converseToolResult.optional(),
  guardContent: z
    .strictObject({ text: z.strictObject({ text: z.string() }).loose().optional() })
    .loose()
    .optional(),
  cachePoint: passed.optional(),
  reasoningContent: converseReasoning.optional(),
  citationsContent: z
    .strictObject({ content: z.array(z.strictObject({ text: z.string() })).optional() })
    .loose()
    .optional(),
  searchResult: passed.optional(),
});

export type ConverseBlock = z.input<typeof converseBlock>;

export const converseMessage = z.strictObject({
  role: z.enum(['user', 'assistant']),
  content: z.array(converseBlock),
});

export const converseSystemBlock = z.strictObject({
  text: z.string().optional(),
  guardContent: passed.optional(),
  cachePoint: passed.optional(),
});

export const converseTool = z.strictObject({
  toolSpec: z
    .strictObject({
      name: toolName,
      description: z.string().min(1).optional(),
      inputSchema: z.strictObject({ json: z.record(z.string(), z.unknown()) }),
      strict: z.boolean().optional(),
    })
    .optional(),
  systemTool: passed.optional(),
  cachePoint: passed.optional(),
});

/** How the model picks tools: as it sees fit, at least one, or the one named. */
export const converseToolChoice = z.strictObject({
  auto: z.strictObject({}).optional(),
  any: z.strictObject({}).optional(),
  tool: z.strictObject({ name: toolName }).optional(),
});

export const converseInference = z.strictObject({
  maxTokens: z.int().min(1).optional(),
  temperature: z.number().min(0).max(1).optional(),
  topP: z.number().min(0).max(1).optional(),
  stopSequences: z.array(z.string().min(1)).max(2500).optional(),
});

/** A typed value asked for: a JSON Schema, written as a string. */
export const converseOutputConfig = z.strictObject({
  textFormat: z
    .strictObject({
      type: z.literal('json_schema'),
      structure: z.strictObject({
        jsonSchema: z.strictObject({
          schema: z.string().min(1),
          name: z.string().min(1).max(64).optional(),
          description: z.string().optional(),
        }),
      }),
    })
    .optional(),
});

/** The request body; a field Bedrock does not document is refused (`unrecognized_keys`). */
export const converseBody = z.strictObject({
  messages: z.array(converseMessage),
  system: z.array(converseSystemBlock).optional(),
  inferenceConfig: converseInference.optional(),
  toolConfig: z
    .strictObject({ tools: z.array(converseTool).min(1), toolChoice: converseToolChoice.optional() })
    .optional(),
  guardrailConfig: passed.optional(),
  additionalModelRequestFields: z.record(z.string(), z.unknown()).optional(),
  promptVariables: passed.optional(),
  additionalModelResponseFieldPaths: z.array(z.string()).max(10).optional(),
  requestMetadata: z.record(z.string(), z.string()).optional(),
  performanceConfig: passed.optional(),
  serviceTier: passed.optional(),
  outputConfig: converseOutputConfig.optional(),
});

export type ConverseBody = z.input<typeof converseBody>;
