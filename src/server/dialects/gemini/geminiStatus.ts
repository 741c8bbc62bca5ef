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

/**
 * The `status` of a Gemini error body: the error's type when it is one of Google's RPC statuses
 * already (`RESOURCE_EXHAUSTED`), else the one Google answers with for the HTTP status.
 *
 * @example
 * ```ts
 * geminiStatus(429, 'requests');          // 'RESOURCE_EXHAUSTED'
 * geminiStatus(400, 'invalid_request_error'); // 'INVALID_ARGUMENT'
 * ```
 */
export function geminiStatus(status: number, type: string): string {
  if (/^[A-Z][A-Z_]+$/.test(type)) return type;
  return byHttp[status] ?? (status >= 500 ? 'INTERNAL' : 'FAILED_PRECONDITION');
}
