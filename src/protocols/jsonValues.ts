/** Whether `value` is a JSON object: not null, not an array. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A tool's output as a client sent it in a text: JSON when it reads as JSON, else the text. */
export function resultOf(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
