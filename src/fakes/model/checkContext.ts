import { StandinError } from '../../errors/StandinError.js';
import type { CallContext } from '../../services/spec/Provider.js';
import { contextMisfits, type ContextField } from '../../validation/contextFields.js';

/**
 * The fields of the call context a faked model reads, each with what it must be: a call made
 * on the fake directly (`fake.reply(request, {})`) without them fails here, naming them, rather
 * than with a `TypeError` from deep inside the fake.
 */
const NEEDED: readonly ContextField[] = [
  ['signal', 'an AbortSignal', (value) => value instanceof AbortSignal],
  ['scope', "a string ('' outside any scope)", (value) => typeof value === 'string'],
  ['stepKey', 'a string', (value) => typeof value === 'string'],
  ['attempt', 'a whole number from 1', (value) => Number.isInteger(value) && (value as number) >= 1],
  ['modelName', 'a string', (value) => typeof value === 'string'],
];

/** Throws `T0152` unless `context` carries what the fake reads of a call's context; `call` names the call, lazily. */
export function checkContext(context: unknown, call: () => string): asserts context is CallContext {
  const given = typeof context === 'object' && context !== null ? context : undefined;
  const wrong = given === undefined ? NEEDED.map((field) => ({ field })) : contextMisfits(given, NEEDED);
  if (wrong.length === 0) return;
  const got = given === undefined ? `got ${context === null ? 'null' : typeof context}` : 'an object without them';
  throw new StandinError(
    'T0152',
    `${call()}: the call context must carry ${wrong.map(({ field: [name, what] }) => `context.${name} (${what})`).join(', ')}; ` +
      `${got}. Call the model through an engine or an app (engine.reply, app.reply), which hands the fake its ` +
      `context, or pass a whole CallContext.`,
  );
}
