/**
 * The most provider text a message quotes: enough for any real error, a bound on what a hostile server puts in logs.
 */
export const QUOTE_LIMIT = 2000;

/** `text` cut to `limit` characters, saying how many were left out; never cut inside a surrogate pair. */
export function capText(text: string, limit = QUOTE_LIMIT): string {
  if (text.length <= limit) return text;
  const end = isHighSurrogate(text.charCodeAt(limit - 1)) ? limit - 1 : limit;
  return `${text.slice(0, end)}… (${text.length - end} more characters)`;
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}
