import type { FieldNotes, ShapeIssue } from '../../../protocols/WireFault.js';
import { WireError } from '../../WireError.js';

/** A field's place as AWS names it: members from 1, each followed by `member`. */
export function awsPlace(path: readonly PropertyKey[]): string {
  return path.map((key) => (typeof key === 'number' ? `${key + 1}.member` : String(key))).join('.');
}

/** A value as AWS's validation quotes it: a decimal with its point (`'1.0'`), a list or object as JSON. */
function quoted(value: unknown, integer: boolean): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number') return `'${!integer && Number.isInteger(value) ? value.toFixed(1) : String(value)}'`;
  return `'${typeof value === 'string' ? value : JSON.stringify(value)}'`;
}

/** What AWS says a member must be, for a zod issue about it. */
function constraint(issue: ShapeIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? 'Member must not be null' : `Member must be of type ${issue.expected}`;
    case 'too_small':
    case 'too_big': {
      const low = issue.code === 'too_small';
      const bound = String(low ? (issue as { minimum: unknown }).minimum : (issue as { maximum: unknown }).maximum);
      const what =
        issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint' ? 'value' : 'length';
      return `Member must have ${what} ${low ? 'greater' : 'less'} than or equal to ${bound}`;
    }
    case 'invalid_value':
      return `Member must satisfy enum value set: [${issue.values.map(String).join(', ')}]`;
    case 'invalid_format':
      return issue.format === 'regex' && 'pattern' in issue
        ? `Member must satisfy regular expression pattern: ${String(issue.pattern).replace(/^\/\^?|\$?\/[a-z]*$/g, '')}`
        : `Member must be a valid ${issue.format}`;
    default:
      return `Member must be one of the shapes Bedrock documents for it (${issue.message})`;
  }
}

/**
 * Bedrock's 400 `ValidationException` in AWS's words (`W0002`); an unknown field is its `Malformed input request` and a
 * block the server cannot hand on is in the server's words (`W0004`).
 */
export function bedrockRefusal(issue: ShapeIssue, notes: FieldNotes = {}): WireError {
  const param = awsPlace(issue.path);
  const refuse = (code: 'W0002' | 'W0004', message: string): WireError =>
    new WireError(code, 400, message, { type: 'ValidationException', param, retry: false });
  if (issue.code === 'unrecognized_keys') {
    return refuse(
      'W0004',
      `Malformed input request: extraneous key [${issue.keys[0]!}] is not permitted${param === '' ? '' : ` at '${param}'`}, ` +
        'please reformat your input and try again.',
    );
  }
  if (issue.code === 'custom')
    return refuse(
      (issue.params as { unsupported?: boolean } | undefined)?.unsupported === true ? 'W0004' : 'W0002',
      issue.message,
    );
  const value = issue.input === undefined ? 'Value null' : `Value ${quoted(issue.input, notes.integer === true)}`;
  return refuse(
    'W0002',
    `1 validation error detected: ${value} at '${param}' failed to satisfy constraint: ${constraint(issue)}`,
  );
}
