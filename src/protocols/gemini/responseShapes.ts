import { z } from 'zod';

/*
 * Gemini's `GenerateContentResponse`, as its API reference documents it: a whole answer, and each
 * event of a stream (`streamGenerateContent?alt=sse` sends one per piece of candidate 0). Read by
 * the adapter, written by the wire server. Fields the adapter does not read (grounding, citations,
 * log probabilities) are let through unread: a newer API adds fields, and an answer is still one.
 */

const count = z.int('usageMetadata counts must be whole token counts').min(0, 'a token count is below 0').nullish();

export const usageMetadata = z.object({
  promptTokenCount: count,
  candidatesTokenCount: count,
  totalTokenCount: count,
  thoughtsTokenCount: count,
  toolUsePromptTokenCount: count,
  cachedContentTokenCount: count,
});

export type UsageMetadata = z.output<typeof usageMetadata>;

const safetyRating = z.object({
  category: z.string(),
  probability: z.string().nullish(),
  blocked: z.boolean().nullish(),
});

/** A part of a candidate's content: text (a thought when `thought`), a function call, or data the adapter passes over. */
const replyPart = z.object({
  text: z.string().nullish(),
  thought: z.boolean().nullish(),
  thoughtSignature: z.string().nullish(),
  functionCall: z
    .object({
      id: z.string().nullish(),
      name: z.string('a functionCall part has no name').min(1, 'a functionCall part has no name'),
      args: z.record(z.string(), z.unknown(), 'the args of a functionCall are not an object').nullish(),
    })
    .nullish(),
});

const candidate = z.object({
  content: z.object({ parts: z.array(replyPart).nullish(), role: z.string().nullish() }).nullish(),
  finishReason: z.string().nullish(),
  finishMessage: z.string().nullish(),
  safetyRatings: z.array(safetyRating).nullish(),
  index: z.int().nullish(),
});

/** One response: candidates, the prompt's feedback, usage; or, mid-stream, Google's error body. */
export const generateResponse = z.object({
  candidates: z.array(candidate).nullish(),
  promptFeedback: z
    .object({ blockReason: z.string().nullish(), safetyRatings: z.array(safetyRating).nullish() })
    .nullish(),
  usageMetadata: usageMetadata.nullish(),
  modelVersion: z.string().nullish(),
  responseId: z.string().nullish(),
  error: z.unknown().optional(),
});
