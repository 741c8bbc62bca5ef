import { closest } from '../validation/formatPath.js';
import { WireError } from './WireError.js';

/**
 * `W0004` for an unknown field or a value the server cannot honour (`n: 2`): a client never gets a silently wrong
 * answer.
 */
export function checkFields(
  body: Readonly<Record<string, unknown>>,
  known: ReadonlySet<string>,
  refuse: Readonly<Record<string, (value: unknown) => string | undefined>> = {},
  prefix = '',
): void {
  for (const field in body) {
    if (!Object.hasOwn(body, field)) continue;
    const value = body[field];
    if (!known.has(field)) {
      const guess = closest(field, [...known]);
      throw new WireError(
        'W0004',
        400,
        `Unrecognized request argument supplied: ${prefix}${field}. The wire server does not know ` +
          `it${guess ? ` (did you mean '${guess}'?)` : ''}; remove it.`,
        {
          type: 'invalid_request_error',
          code: 'unknown_parameter',
          param: `${prefix}${field}`,
          retry: false,
        },
      );
    }
    const why = value === undefined || value === null ? undefined : refuse[field]?.(value);
    if (why !== undefined) {
      throw new WireError('W0004', 400, `Unsupported value for ${prefix}${field}: ${why}.`, {
        type: 'invalid_request_error',
        code: 'unsupported_value',
        param: `${prefix}${field}`,
        retry: false,
      });
    }
  }
}

/** Refuses a request whose field has the wrong type, with `W0002` (400) naming the field. */
export function need<T>(value: T | false | undefined, field: string, expected: string): T {
  if (value === false || value === undefined) {
    throw new WireError('W0002', 400, `${field} must be ${expected}.`, {
      type: 'invalid_request_error',
      code: 'invalid_type',
      param: field,
      retry: false,
    });
  }
  return value;
}
