import { StandinError } from '../../../errors/StandinError.js';
import type { CallContext } from '../../spec/Provider.js';

/** What each field of a call's context an adapter reads must hold. */
const fields = {
  provider: "the provider's name as a non-empty string, such as 'openai'",
  model: "the provider's model id as a non-empty string, such as 'gpt-4.1-mini'",
  signal: 'an AbortSignal (new AbortController().signal for a call nothing aborts)',
  attempt: 'the attempt number, a whole number from 1',
} as const;

/**
 * Checks the context an adapter was called with, before anything reads it: the engine always
 * gives a whole one, and a program that calls an adapter directly gets `P0007` naming the
 * missing or wrong field, never a `TypeError` from deep inside. `apiKey`, when there, is a string.
 *
 * @throws {StandinError} `P0007` naming the field.
 */
export function checkContext(context: CallContext, what: string): void {
  const problem = contextProblem(context);
  if (problem === undefined) return;
  throw new StandinError(
    'P0007',
    `The ${what} was called with ${problem}. Call it through the engine (app.reply, engine.reply), or pass a whole ` +
      `CallContext: { provider, model, signal, attempt, apiKey? , ... }.`,
  );
}

function contextProblem(context: unknown): string | undefined {
  if (context === null || typeof context !== 'object')
    return `no context (${context === null || context === undefined ? String(context) : `a ${typeof context}`}) where a CallContext object belongs`;
  const read = (name: string): { value?: unknown; threw?: true } => {
    try {
      return { value: (context as Record<string, unknown>)[name] };
    } catch {
      return { threw: true };
    }
  };
  for (const [name, want] of Object.entries(fields)) {
    const { value, threw } = read(name);
    if (threw) return `a context whose field '${name}' threw when read: it should be ${want}`;
    const fits =
      name === 'signal'
        ? value instanceof AbortSignal
        : name === 'attempt'
          ? Number.isInteger(value) && (value as number) >= 1
          : typeof value === 'string' && value !== '';
    if (!fits)
      return (
        `a context whose field '${name}' is ${value === undefined ? 'missing' : 'of the wrong type'}: it should ` +
        `be ${want}`
      );
  }
  const key = read('apiKey');
  if (key.threw) return "a context whose field 'apiKey' threw when read: it should be a string or left out";
  if (key.value !== undefined && typeof key.value !== 'string')
    return "a context whose field 'apiKey' is of the wrong type: it should be a string or left out";
  return undefined;
}
