import { StandinError } from '../../../errors/StandinError.js';
import type { CallContext } from '../../spec/Provider.js';
import { contextMisfits, type ContextField } from '../../../validation/contextFields.js';

/** What each field of a call's context an adapter reads must hold. */
const fields: readonly ContextField[] = [
  ['provider', "the provider's name as a non-empty string, such as 'openai'", nonEmpty],
  ['model', "the provider's model id as a non-empty string, such as 'gpt-4.1-mini'", nonEmpty],
  [
    'signal',
    'an AbortSignal (new AbortController().signal for a call nothing aborts)',
    (v) => v instanceof AbortSignal,
  ],
  ['attempt', 'the attempt number, a whole number from 1', (v) => Number.isInteger(v) && (v as number) >= 1],
  ['apiKey', 'a string or left out', (value) => value === undefined || typeof value === 'string'],
];

function nonEmpty(value: unknown): boolean {
  return typeof value === 'string' && value !== '';
}

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
  const [misfit] = contextMisfits(context, fields, true);
  if (misfit === undefined) return undefined;
  const [name, want] = misfit.field;
  if (misfit.found === 'throwing') return `a context whose field '${name}' threw when read: it should be ${want}`;
  return `a context whose field '${name}' is ${misfit.found}: it should be ${want}`;
}
