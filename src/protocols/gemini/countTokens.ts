import { z } from 'zod';
import type { ReplyRequest } from '../../services/spec/Provider.js';
import { readReply, readShape } from '../readShape.js';
import { readGenerate, writeGenerate } from './generateRequest.js';
import { generateBody, type GenerateBody } from './generateShapes.js';

/*
 * Gemini's `POST /models/{model}:countTokens`, as its API reference documents it: `{ contents }` alone, or the whole
 * request as `{ generateContentRequest }` (the Gemini API's way to count instructions and tools); Vertex AI's takes the
 * request's fields at the top. `{ totalTokens }` out.
 */

/** The method's name in the path: `models/{model}:countTokens`. */
export const COUNT_METHOD = 'countTokens';

/** The body of `countTokens`: bare contents, a whole `generateContent` request, or one under `generateContentRequest`. */
export const generateCountBody = z.union([z.strictObject({ generateContentRequest: generateBody }), generateBody]);

/** The answer of `countTokens`: the total; the details beside it are passed over. */
export const generateCountAnswer = z.object({ totalTokens: z.int().min(0) });

/**
 * The `countTokens` body of a reply request: `{ generateContentRequest }` naming `model` (the Gemini API's), or the
 * request's fields at the top when `model` is undefined (Vertex AI's, whose path alone names the model).
 */
export function writeGenerateCount(
  request: ReplyRequest,
  model: string | undefined,
  body?: Readonly<Record<string, unknown>>,
): z.input<typeof generateCountBody> {
  const counted: GenerateBody = writeGenerate(request, { body });
  return model === undefined ? counted : { generateContentRequest: { model, ...counted } };
}

/** The reply request a `countTokens` body counts; a `refused` fault naming the first field at fault. */
export function readGenerateCount(value: unknown, model: string): ReplyRequest {
  const body = readShape(generateCountBody, value);
  const { settings: _settings, ...counted } = readGenerate(
    'generateContentRequest' in body ? (value as { generateContentRequest: unknown }).generateContentRequest : value,
    model,
  );
  return counted;
}

/** A `countTokens` answer, as JSON text. */
export function writeTotalTokens(tokens: number): string {
  return JSON.stringify({ totalTokens: tokens });
}

/** The count of a `countTokens` answer; a `malformed` fault for one without a whole number. */
export function readTotalTokens(body: unknown): number {
  return readReply(generateCountAnswer, body, 'the countTokens answer').totalTokens;
}
