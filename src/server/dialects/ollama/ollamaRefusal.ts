import type { FieldNotes, ShapeIssue } from '../../../protocols/WireFault.js';
import { WireError } from '../../WireError.js';

/** The Go type Ollama's decoder names for a field of the wrong JSON type. */
function goType(issue: ShapeIssue & { code: 'invalid_type' }, notes: FieldNotes): string {
  switch (issue.expected) {
    case 'string':
      return 'string';
    case 'boolean':
      return 'bool';
    case 'number':
    case 'int':
      return notes.integer === true || issue.expected === 'int' ? 'int' : 'float32';
    case 'array':
      return '[]interface {}';
    default:
      return 'map[string]interface {}';
  }
}

/** The JSON type of a value, as Go's decoder names it. */
function jsonType(value: unknown): string {
  if (Array.isArray(value)) return 'array';
  if (value === null) return 'null';
  return typeof value === 'object' ? 'object' : typeof value;
}

/**
 * Ollama's 400 for a request field it refuses, in its server's words: a missing model `model is required`, a value of
 * the wrong type Go's `json: cannot unmarshal string into Go struct field stream of type bool` (`W0002`),
 * anything else the rule's own words; each its whole `error`.
 */
export function ollamaRefusal(issue: ShapeIssue, notes: FieldNotes = {}): WireError {
  const field = issue.path.filter((key) => typeof key === 'string').join('.');
  const refuse = (message: string): WireError =>
    new WireError('W0002', 400, message, { type: '', ...(field === '' ? {} : { param: field }), retry: false });
  if (issue.code === 'invalid_type') {
    if (issue.input === undefined) return refuse(`${field || 'value'} is required`);
    return refuse(
      `json: cannot unmarshal ${jsonType(issue.input)} into Go struct field ${field} of type ${goType(issue, notes)}`,
    );
  }
  return refuse(issue.message);
}
