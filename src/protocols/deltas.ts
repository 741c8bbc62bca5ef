/** A longer text is sent as several deltas, each after the last was taken. */
export const MAX_DELTA_CHARS = 16 * 1024;

/**
 * Splits a text into the pieces streamed events carry: at most {@link MAX_DELTA_CHARS} each, so a
 * long answer is written as the client takes it rather than held whole in a socket's buffer.
 */
export function deltas(text: string): string[] {
  if (text.length <= MAX_DELTA_CHARS) return [text];
  const pieces: string[] = [];
  for (let at = 0; at < text.length;) {
    let end = Math.min(at + MAX_DELTA_CHARS, text.length);
    // Never split a surrogate pair: each piece must be valid text on its own.
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end--;
    pieces.push(text.slice(at, end));
    at = end;
  }
  return pieces;
}
