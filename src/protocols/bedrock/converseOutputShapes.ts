import { z } from 'zod';

/*
 * What Converse and ConverseStream answer, as Bedrock's API reference documents it: the whole response, each event
 * of the stream (each an event-stream message whose `:event-type` header names it, its payload the event's JSON) and
 * the exceptions that break a stream off. Read leniently (fields Bedrock adds later, and the `p` padding of its
 * events, are passed over), so the adapter reads what the wire server writes and what Bedrock sends alike.
 */

const count = z.int().min(0);

/** Token counts: cache reads and writes beside the input Bedrock counts apart. */
export const converseUsage = z.object({
  inputTokens: count.nullish(),
  outputTokens: count.nullish(),
  totalTokens: count.nullish(),
  cacheReadInputTokens: count.nullish(),
  cacheWriteInputTokens: count.nullish(),
});

export type ConverseUsage = z.output<typeof converseUsage>;

const metrics = z.object({ latencyMs: z.number() });

/** One block of an answer's content: text, reasoning, a tool use (other kinds carry nothing a reply part holds). */
export const converseOutputBlock = z.object({
  text: z.string().optional(),
  toolUse: z.object({ toolUseId: z.string(), name: z.string().min(1), input: z.unknown().optional() }).optional(),
  reasoningContent: z
    .object({
      reasoningText: z.object({ text: z.string(), signature: z.string().nullish() }).optional(),
      redactedContent: z.string().optional(),
    })
    .optional(),
  citationsContent: z.object({ content: z.array(z.object({ text: z.string().optional() })).optional() }).optional(),
});

/** The whole answer of Converse. */
export const converseAnswer = z.object({
  output: z.object({
    message: z.object({ role: z.literal('assistant').optional(), content: z.array(converseOutputBlock) }),
  }),
  stopReason: z.string().optional(),
  usage: converseUsage.optional(),
  metrics: metrics.optional(),
  additionalModelResponseFields: z.unknown().optional(),
  trace: z.unknown().optional(),
  performanceConfig: z.unknown().optional(),
  serviceTier: z.unknown().optional(),
});

const blockIndex = z.int().min(0);

/** The payload of each event ConverseStream sends, by its `:event-type`. */
export const converseEvents = {
  messageStart: z.object({ role: z.string() }),
  contentBlockStart: z.object({
    contentBlockIndex: blockIndex,
    start: z
      .object({ toolUse: z.object({ toolUseId: z.string(), name: z.string().min(1), type: z.string().optional() }) })
      .partial()
      .optional(),
  }),
  contentBlockDelta: z.object({
    contentBlockIndex: blockIndex,
    delta: z.object({
      text: z.string().optional(),
      toolUse: z.object({ input: z.string() }).optional(),
      reasoningContent: z
        .object({ text: z.string(), signature: z.string(), redactedContent: z.string() })
        .partial()
        .optional(),
      citation: z.unknown().optional(),
    }),
  }),
  contentBlockStop: z.object({ contentBlockIndex: blockIndex }),
  messageStop: z.object({ stopReason: z.string(), additionalModelResponseFields: z.unknown().optional() }),
  metadata: z.object({
    usage: converseUsage,
    metrics: metrics.optional(),
    trace: z.unknown().optional(),
    performanceConfig: z.unknown().optional(),
    serviceTier: z.unknown().optional(),
  }),
} as const;

export type ConverseEventType = keyof typeof converseEvents;

/** A stream-breaking exception's payload, and an HTTP error's body (its shape named in `x-amzn-errortype`). */
export const bedrockError = z.object({
  message: z.string().optional(),
  originalStatusCode: z.int().optional(),
  originalMessage: z.string().optional(),
});
