import { capText } from './capText.js';

/** What a provider said about a failure, read from an error body or a mid-stream error event. */
export interface ErrorReport {
  /** The provider's message, or the start of a body that is not JSON. */
  readonly message: string;
  /** The error's type: OpenAI's `error.type`, Anthropic's `error.type` (`overloaded_error`, ...), Gemini's `error.status`. */
  readonly type?: string;
  /** The error's code: OpenAI's `error.code` (`context_length_exceeded`, `insufficient_quota`, ...). */
  readonly code?: string;
  /** A request id the body carries (Anthropic's `request_id`). */
  readonly requestId?: string;
}

/** How much of a body that is not JSON an error message quotes. */
const QUOTE = 300;
/** How much of an error's type, code or request id a message quotes. */
const TAG = 200;

/**
 * An error report from a parsed error body or event, in every shape servers use: OpenAI and llama.cpp `{ error: {
 * message, type, code } }`, Gemini `{ error: { code, message, status } }`, Anthropic `{ type: 'error', error }`, Ollama
 * `{ error: 'text' }`, vLLM `{ message, type, code }`, FastAPI `{ detail }` (a validation list said as `loc.path: msg;
 * ...`). Fields are cut (2000 characters for the message, 200 for the rest) so an error event of any size makes a
 * bounded message.
 */
export function errorReport(body: unknown): ErrorReport | undefined {
  if (!isRecord(body)) return undefined;
  const inner = isRecord(body.error) ? body.error : body;
  const detail = isRecord(body.detail)
    ? body.detail.message
    : Array.isArray(body.detail)
      ? validationList(body.detail)
      : body.detail;
  const message = text(inner.message) ?? text(body.error) ?? text(detail) ?? text(body.message);
  if (message === undefined) return undefined;
  const report: { -readonly [K in keyof ErrorReport]: ErrorReport[K] } = { message: capText(message) };
  const type = tag(
    text(inner.type) ?? text(inner.status) ?? text(isRecord(body.detail) ? body.detail.error_type : undefined),
  );
  const code = tag(text(inner.code));
  const requestId = tag(text(body.request_id));
  if (type !== undefined && type !== 'error') report.type = type;
  if (code !== undefined) report.code = code;
  if (requestId !== undefined) report.requestId = requestId;
  return report;
}

/** The error report of a response body as text: parsed when it is JSON, quoted when it is not. */
export function bodyReport(body: string): ErrorReport {
  try {
    const report = errorReport(JSON.parse(body));
    if (report !== undefined) return report;
  } catch {
    // not JSON: quote it below
  }
  const quoted = body.replace(/\s+/g, ' ').trim();
  if (quoted === '') return { message: 'the body was empty' };
  return { message: quoted.length > QUOTE ? `${quoted.slice(0, QUOTE)}…` : quoted };
}

/** A FastAPI validation list (`[{ loc: ['body', 'questions'], msg: 'Field required' }]`) as one line. */
function validationList(items: readonly unknown[]): string | undefined {
  const lines = items.flatMap((item) => {
    if (!isRecord(item) || text(item.msg) === undefined) return [];
    const loc = Array.isArray(item.loc)
      ? item.loc.filter((key) => typeof key === 'string' || typeof key === 'number').join('.')
      : '';
    return [loc === '' ? (item.msg as string) : `${loc}: ${item.msg as string}`];
  });
  return lines.length > 0 ? lines.join('; ') : undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function tag(value: string | undefined): string | undefined {
  return value === undefined ? undefined : capText(value, TAG);
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}
