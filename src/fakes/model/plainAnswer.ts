import { isProxy } from 'node:util/types';
import type { Answer } from './Answer.js';

/** The answer fields besides `text` and `parts`: a plain answer has none of them, enumerable or not. */
const others = [
  'calls',
  'value',
  'reasoning',
  'units',
  'finish',
  'fail',
  'failAfter',
  'times',
  'retryAfterMs',
  'delayMs',
  'partDelayMs',
  'when',
] as const;

function plainObject(value: unknown): value is Record<string, unknown> {
  return (
    typeof value === 'object' && value !== null && !isProxy(value) && Object.getPrototypeOf(value) === Object.prototype
  );
}

/**
 * The commonest answer records read without zod, as `answerSchema` reads them: a plain object of
 * `text` (a string) and `parts` (a list of plain objects, the stream parts, each read afterwards
 * by `readStreamParts`), and nothing else. Undefined for anything else, which the schema checks
 * and words the error of; what this answers, the schema answers too
 * (test/fakes/model/plainAnswer.test.ts proves it on generated answers).
 *
 * @example
 * ```ts
 * plainAnswer({ text: 'Hello!' }); // { text: 'Hello!' }
 * ```
 */
export function plainAnswer(raw: unknown): Answer | undefined {
  if (!plainObject(raw)) return undefined;
  for (const key in raw) if (key !== 'text' && key !== 'parts') return undefined;
  for (const key of others) if (raw[key] !== undefined) return undefined;
  const { text, parts } = raw;
  if (text !== undefined && typeof text !== 'string') return undefined;
  // As the schema's object: a field given as undefined stays, as undefined.
  const read: { text?: unknown; parts?: unknown } = {};
  if ('text' in raw) read.text = text;
  if ('parts' in raw) read.parts = parts;
  if (parts === undefined) return read as Answer;
  if (!Array.isArray(parts) || isProxy(parts)) return undefined;
  const copied: Record<string, unknown>[] = [];
  for (let i = 0; i < parts.length; i++) {
    const part: unknown = parts[i];
    if (!plainObject(part)) return undefined;
    // Copied as the schema's record copies it: every own key a string, read once; any other key is the schema's.
    const copy: Record<string, unknown> = {};
    for (const key of Reflect.ownKeys(part)) {
      if (typeof key !== 'string' || key === '__proto__' || !Object.prototype.propertyIsEnumerable.call(part, key))
        return undefined;
      copy[key] = part[key];
    }
    copied.push(copy);
  }
  read.parts = copied;
  return read as Answer;
}
