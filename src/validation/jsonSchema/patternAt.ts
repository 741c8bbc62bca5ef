import { PatternRefused } from '../PatternRefused.js';
import { jsonSchemaRegExp } from '../linearRegExp.js';
import { JsonSchemaUnreadable } from './ReadContext.js';

/**
 * A pattern from the schema, matched in linear time.
 *
 * @throws {JsonSchemaUnreadable} naming where it is, when the engine cannot run it.
 */
export function patternAt(source: unknown, at: string): RegExp {
  if (typeof source !== 'string') throw new JsonSchemaUnreadable(`at ${at}: a pattern is not a string`);
  try {
    return jsonSchemaRegExp(source);
  } catch (error) {
    if (!(error instanceof PatternRefused)) throw error;
    const shown = source.length > 80 ? `${source.slice(0, 80)}…` : source;
    throw new JsonSchemaUnreadable(`at ${at}: the pattern ${JSON.stringify(shown)} ${error.message}`);
  }
}
