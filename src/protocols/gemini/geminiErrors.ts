import { z } from 'zod';

/** Google's error body, as the Gemini API sends it: `{ error: { code, message, status, details } }`. */
export const geminiError = z.object({
  error: z.object({
    code: z.int(),
    message: z.string(),
    status: z.string(),
    details: z.array(z.record(z.string(), z.unknown())).optional(),
  }),
});

export type GeminiError = z.input<typeof geminiError>;

/** Google's RPC status for each HTTP status its APIs answer with. */
const byHttp: Readonly<Record<number, string>> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  405: 'UNIMPLEMENTED',
  408: 'DEADLINE_EXCEEDED',
  409: 'ABORTED',
  413: 'INVALID_ARGUMENT',
  429: 'RESOURCE_EXHAUSTED',
  499: 'CANCELLED',
  500: 'INTERNAL',
  501: 'UNIMPLEMENTED',
  503: 'UNAVAILABLE',
  504: 'DEADLINE_EXCEEDED',
};

/** An error's RPC `status`: `type` when it is one already, else the one Google gives the HTTP status. */
export function rpcStatus(status: number, type: string): string {
  if (/^[A-Z][A-Z_]+$/.test(type)) return type;
  return byHttp[status] ?? (status >= 500 ? 'INTERNAL' : 'FAILED_PRECONDITION');
}

/** What a Gemini error says beside its message: the request field at fault, the wait a rate limit asks for. */
export interface GeminiErrorTags {
  /** The field at fault, as Google names it (`generation_config.temperature`): a `BadRequest` field violation. */
  readonly field?: string | undefined;
  /** The wait, in whole seconds, a `RetryInfo` asks for. */
  readonly retrySeconds?: number | undefined;
}

/** Google's error body, with the `details` Google adds (a `BadRequest` field, a `RetryInfo` wait). */
export function geminiErrorBody(
  code: number,
  status: string,
  message: string,
  tags: GeminiErrorTags = {},
): GeminiError {
  const details: Record<string, unknown>[] = [];
  if (tags.field !== undefined)
    details.push({
      '@type': 'type.googleapis.com/google.rpc.BadRequest',
      fieldViolations: [{ field: tags.field, description: message }],
    });
  if (tags.retrySeconds !== undefined)
    details.push({ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: `${tags.retrySeconds}s` });
  return { error: { code, message, status, ...(details.length > 0 ? { details } : {}) } };
}
