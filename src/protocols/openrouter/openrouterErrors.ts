import { z } from 'zod';
import type { FailureKind } from '../../services/spec/failures.js';
import type { FailureReader, FailureTable } from '../failures.js';
import { openrouterFailures } from './openrouterFailures.js';

/**
 * OpenRouter's error body: `{ error: { code, message, metadata } }`, where `code` is the HTTP status as a number and
 * `metadata` says more (the upstream provider's name and raw error, a moderation verdict's reasons).
 */
export const openrouterError = z.object({
  error: z.object({
    code: z.int(),
    message: z.string(),
    metadata: z.record(z.string(), z.unknown()).nullish(),
  }),
});

export type OpenRouterError = z.infer<typeof openrouterError>;

/** OpenRouter's error body for `message`, with the status as its code. */
export function openrouterErrorBody(
  status: number,
  message: string,
  metadata?: Readonly<Record<string, unknown>>,
): OpenRouterError {
  return { error: { code: status, message, ...(metadata === undefined ? {} : { metadata: { ...metadata } }) } };
}

/**
 * What OpenRouter's codes mean, as its error documentation gives them: 402 is out of credits (retrying cannot help),
 * 408 a request that timed out, 502 the chosen model's provider down or answering invalidly, 503 no provider meeting
 * the routing requirements. A 400 is left to its words (a context length, say).
 */
const codeKinds: Readonly<Record<number, FailureKind>> = {
  401: 'auth',
  402: 'auth',
  403: 'auth',
  408: 'timeout',
  429: 'rate_limit',
  502: 'server',
  503: 'server',
  504: 'timeout',
};

/**
 * The kind of an OpenRouter error, read from its body's numeric code (which an error inside a stream carries too), else
 * the HTTP status: the row of {@link openrouterFailures} in whose words it is, else what the code means; a 403 whose
 * metadata has moderation `reasons` is `content_filter`. Its bodies carry no type, so the table is read here.
 */
export const readOpenRouterFailure: FailureReader = (status, body) => {
  const parsed = openrouterError.safeParse(body);
  const code = parsed.success ? parsed.data.error.code : status;
  if (code === undefined) return undefined;
  if (parsed.success) {
    const row = rowOf(openrouterFailures, code, parsed.data.error.message);
    if (row !== undefined) return row;
  }
  if (code === 403 && Array.isArray(parsed.data?.error.metadata?.reasons)) return 'content_filter';
  return Object.hasOwn(codeKinds, code) ? codeKinds[code] : undefined;
};

/** The kind whose row has this code and whose words the message starts with (a rate limit's up to its wait). */
function rowOf(table: FailureTable, code: number, message: string): FailureKind | undefined {
  for (const kind in table) {
    const row = table[kind as keyof FailureTable];
    if (row.status === code && message.startsWith(row.message.split('{seconds}')[0]!)) return kind as FailureKind;
  }
  return undefined;
}
