import type { ShapeIssue } from '../../../protocols/WireFault.js';
import { WireError } from '../../WireError.js';

/** How pydantic names the type a field wants, and says it. */
const wanted: Readonly<Record<string, readonly [string, string]>> = {
  string: ['string_type', 'Input should be a valid string'],
  number: ['float_type', 'Input should be a valid number'],
  int: ['int_type', 'Input should be a valid integer'],
  boolean: ['bool_type', 'Input should be a valid boolean'],
  object: ['dict_type', 'Input should be a valid dictionary'],
  record: ['dict_type', 'Input should be a valid dictionary'],
  array: ['list_type', 'Input should be a valid list'],
};

const listed = (values: readonly unknown[]): string => {
  const quoted = values.map((value) => `'${String(value)}'`);
  return quoted.length < 2 ? quoted.join('') : `${quoted.slice(0, -1).join(', ')} or ${quoted.at(-1)}`;
};

/**
 * TypeSafe's FastAPI 422 for a refused field: `detail` with its `loc` under `body`, pydantic's error `type` and words.
 */
export function typesafeRefusal(issue: ShapeIssue): WireError {
  const refuse = (path: readonly PropertyKey[], type: string, message: string, unknown = false): WireError =>
    new WireError(unknown ? 'W0004' : 'W0002', 422, message, {
      type,
      param: path.map(String).join('.'),
      retry: false,
    });
  switch (issue.code) {
    case 'unrecognized_keys':
      return refuse([...issue.path, issue.keys[0]!], 'extra_forbidden', 'Extra inputs are not permitted', true);
    case 'invalid_type': {
      if (issue.input === undefined) return refuse(issue.path, 'missing', 'Field required');
      const [type, message] = wanted[issue.expected] ?? ['value_error', `Input should be a valid ${issue.expected}`];
      return refuse(issue.path, type, message);
    }
    case 'invalid_union':
      if ('discriminator' in issue && issue.discriminator !== undefined) {
        const options = (issue as { options?: unknown[] }).options ?? [];
        const at = issue.path.at(-1) === issue.discriminator ? issue.path : [...issue.path, issue.discriminator];
        return refuse(at, 'literal_error', `Input should be ${listed(options)}`);
      }
      return refuse(issue.path, 'union_type', 'Input is none of the types this field takes');
    case 'invalid_value':
      return refuse(issue.path, 'literal_error', `Input should be ${listed(issue.values)}`);
    case 'too_small':
    case 'too_big': {
      const below = issue.code === 'too_small';
      const bound = String(below ? issue.minimum : issue.maximum);
      if (issue.origin === 'array') {
        const count = Array.isArray(issue.input) ? issue.input.length : 0;
        return refuse(
          issue.path,
          below ? 'too_short' : 'too_long',
          `List should have at ${below ? 'least' : 'most'} ${bound} item${bound === '1' ? '' : 's'} after ` +
            `validation, not ${count}`,
        );
      }
      return below
        ? refuse(issue.path, 'greater_than_equal', `Input should be greater than or equal to ${bound}`)
        : refuse(issue.path, 'less_than_equal', `Input should be less than or equal to ${bound}`);
    }
    default:
      return refuse(issue.path, 'value_error', `Value error, ${issue.message}`);
  }
}
