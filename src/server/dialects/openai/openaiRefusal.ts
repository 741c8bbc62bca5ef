import type { FieldNotes, ShapeIssue } from '../../../protocols/WireFault.js';
import { closest } from '../../../validation/formatPath.js';
import { WireError } from '../../WireError.js';

/** How OpenAI's errors name the JSON type a field wants. */
const wanted: Readonly<Record<string, string>> = {
  number: 'a decimal',
  int: 'an integer',
  boolean: 'a boolean',
  string: 'a string',
  object: 'an object',
  record: 'an object',
  array: 'an array',
};

/** A field's path as OpenAI's `param` names it: `messages[0].content`. */
export function openaiParam(path: readonly PropertyKey[]): string {
  return path.map((key, i) => (typeof key === 'number' ? `[${key}]` : `${i === 0 ? '' : '.'}${String(key)}`)).join('');
}

/** A value's JSON type, as OpenAI's errors say it. */
function got(value: unknown): string {
  if (Array.isArray(value)) return 'an array';
  if (value === null) return 'null';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'number' && !Number.isInteger(value)) return 'a decimal';
  if (typeof value === 'number') return 'an integer';
  return `a ${typeof value}`;
}

const listed = (values: readonly unknown[]): string => {
  const quoted = values.map((value) => `'${String(value)}'`);
  return quoted.length < 2 ? quoted.join('') : `${quoted.slice(0, -1).join(', ')}, and ${quoted.at(-1)}`;
};

/**
 * OpenAI's 400 for a request field it refuses, in its words and with its `param` and `code`: an
 * unknown field is `W0004` (`unknown_parameter`, naming the closest known one), any other `W0002`
 * (`invalid_type`, `integer_below_min_value`, `missing_required_parameter`, `invalid_value`, ...).
 */
export function openaiRefusal(issue: ShapeIssue, notes: FieldNotes = {}): WireError {
  const param = openaiParam(issue.path);
  const refuse = (message: string, code: string | undefined): WireError =>
    new WireError('W0002', 400, message, { type: 'invalid_request_error', code, param, retry: false });
  switch (issue.code) {
    case 'unrecognized_keys': {
      const field = `${param === '' ? '' : `${param}.`}${issue.keys[0]!}`;
      const guess = closest(issue.keys[0]!, [...(notes.known ?? [])]);
      return new WireError(
        'W0004',
        400,
        `Unrecognized request argument supplied: ${field}. The wire server does not know ` +
          `it${guess ? ` (did you mean '${guess}'?)` : ''}; remove it.`,
        { type: 'invalid_request_error', code: 'unknown_parameter', param: field, retry: false },
      );
    }
    case 'invalid_type':
      if (issue.input === undefined)
        return refuse(`Missing required parameter: '${param}'.`, 'missing_required_parameter');
      return refuse(
        `Invalid type for '${param}': expected ${wanted[issue.expected] ?? `a ${issue.expected}`}, but got ${got(issue.input)} instead.`,
        'invalid_type',
      );
    case 'too_small':
    case 'too_big': {
      const below = issue.code === 'too_small';
      if (issue.origin === 'array') {
        return below && Array.isArray(issue.input) && issue.input.length === 0
          ? refuse(
              `Invalid '${param}': empty array. Expected an array with minimum length ${String(issue.minimum)}, but got an empty array instead.`,
              'empty_array',
            )
          : refuse(
              `Invalid '${param}': array too ${below ? 'short' : 'long'}. ${issue.message}.`,
              below ? 'array_below_min_length' : 'array_above_max_length',
            );
      }
      const kind = notes.integer === true ? 'integer' : 'decimal';
      const bound = below ? (issue as { minimum: unknown }).minimum : (issue as { maximum: unknown }).maximum;
      return refuse(
        `Invalid '${param}': ${kind} ${below ? 'below minimum' : 'above maximum'} value. Expected a value ` +
          `${below ? '>=' : '<='} ${String(bound)}, but got ${JSON.stringify(issue.input)} instead.`,
        `${kind}_${below ? 'below_min' : 'above_max'}_value`,
      );
    }
    case 'invalid_union':
      if ('discriminator' in issue && issue.discriminator !== undefined) {
        const value = (issue.input as Record<string, unknown> | undefined)?.[issue.discriminator];
        const at = openaiParam([
          ...issue.path,
          ...(issue.path.at(-1) === issue.discriminator ? [] : [issue.discriminator]),
        ]);
        return new WireError(
          'W0002',
          400,
          `Invalid value: '${String(value)}'. Supported values are: ${listed((issue as { options?: unknown[] }).options ?? [])}.`,
          { type: 'invalid_request_error', code: 'invalid_value', param: at, retry: false },
        );
      }
      return refuse(`Invalid value for '${param}': it is none of the shapes OpenAI documents for it.`, 'invalid_value');
    case 'invalid_value':
      return refuse(
        `Invalid value: '${String(issue.input)}'. Supported values are: ${listed(issue.values)}.`,
        'invalid_value',
      );
    default:
      return refuse(
        param === '' || issue.message.startsWith(param) ? issue.message : `${param}: ${issue.message}`,
        'invalid_value',
      );
  }
}
