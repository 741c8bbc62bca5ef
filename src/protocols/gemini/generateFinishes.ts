import type { FailureKind } from '../../services/spec/failures.js';
import type { FinishReason, Units } from '../../services/spec/Provider.js';

/** Each finish as `finishReason` says it: Gemini names no finish for calls, a reply that calls tools stops. */
export const geminiFinishes: Readonly<Record<FinishReason, string>> = {
  stop: 'STOP',
  calls: 'STOP',
  length: 'MAX_TOKENS',
};

/** The finish a `finishReason` means: `length` for `MAX_TOKENS`; else `calls` when the reply asked for tools, `stop` otherwise. */
export function finishOf(reason: string | undefined, calls: number): FinishReason {
  if (reason === 'MAX_TOKENS') return 'length';
  return calls > 0 ? 'calls' : 'stop';
}

/** The finish reasons that end a reply the model was stopped from giving, and what each means. */
const stopped: Readonly<Record<string, { readonly kind: FailureKind; readonly why: string }>> = {
  SAFETY: { kind: 'content_filter', why: 'the reply was stopped by the safety filters' },
  RECITATION: { kind: 'content_filter', why: 'the reply was stopped for reciting protected material' },
  BLOCKLIST: { kind: 'content_filter', why: 'the reply held a term of a blocklist' },
  PROHIBITED_CONTENT: { kind: 'content_filter', why: 'the reply was stopped for prohibited content' },
  SPII: { kind: 'content_filter', why: 'the reply was stopped for sensitive personal information' },
  IMAGE_SAFETY: { kind: 'content_filter', why: 'an image was stopped by the safety filters' },
  IMAGE_PROHIBITED_CONTENT: { kind: 'content_filter', why: 'an image was stopped for prohibited content' },
  LANGUAGE: { kind: 'bad_request', why: 'the prompt is in a language the model does not support' },
  MALFORMED_FUNCTION_CALL: { kind: 'server', why: 'the model wrote a function call that does not parse' },
  UNEXPECTED_TOOL_CALL: { kind: 'server', why: 'the model called a tool the request did not offer' },
  TOO_MANY_TOOL_CALLS: { kind: 'server', why: 'the model made more tool calls than the API allows in one turn' },
};

/**
 * The failure a `finishReason` stands for, or undefined for one that ends a reply (reasons added later included). A
 * function call the model got wrong is `server`, so the engine asks again.
 */
export function finishFailure(reason: string): { readonly kind: FailureKind; readonly message: string } | undefined {
  const known = Object.hasOwn(stopped, reason) ? stopped[reason] : undefined;
  if (known === undefined) return undefined;
  return { kind: known.kind, message: `${known.why} (finishReason: ${reason}).` };
}

/** The safety ratings Gemini gives a prompt or a reply its filters blocked, as JSON. */
export const BLOCKED_RATINGS =
  '[{"category":"HARM_CATEGORY_SEXUALLY_EXPLICIT","probability":"NEGLIGIBLE"},' +
  '{"category":"HARM_CATEGORY_HATE_SPEECH","probability":"NEGLIGIBLE"},' +
  '{"category":"HARM_CATEGORY_HARASSMENT","probability":"NEGLIGIBLE"},' +
  '{"category":"HARM_CATEGORY_DANGEROUS_CONTENT","probability":"HIGH","blocked":true}]';

/**
 * The usage object a response carries, as JSON: prompt (the cached ones counted apart too), candidate, thought and total
 * token counts; the candidates count leaves the thoughts out, as Gemini's does.
 */
export function usageJson(units: Units): string {
  const { tokensIn, tokensOut } = units;
  const thoughts = Math.min(units.reasoningOut ?? 0, tokensOut);
  const cached = units.cachedIn ?? 0;
  return (
    `{"promptTokenCount":${number(tokensIn)},"candidatesTokenCount":${number(tokensOut - thoughts)},` +
    (thoughts > 0 ? `"thoughtsTokenCount":${number(thoughts)},` : '') +
    (cached > 0 ? `"cachedContentTokenCount":${number(cached)},` : '') +
    `"totalTokenCount":${number(tokensIn + tokensOut)}}`
  );
}

/** A number as JSON writes it. */
function number(value: number): string {
  return Number.isFinite(value) ? String(value) : 'null';
}
