import type { ShapeIssue } from '../../../protocols/WireFault.js';
import { WireError } from '../../WireError.js';

/** How Cohere's errors name the JSON type a field wants. */
const wanted: Readonly<Record<string, string>> = {
  number: 'a number',
  int: 'an integer',
  boolean: 'a boolean',
  string: 'a string',
  array: 'a list',
};

/**
 * Cohere's 400 for a request field it refuses, in its words (`invalid request: ...`): `W0004` for a field it does not
 * know or a part the wire server does not read, `W0002` for any other. Cohere's errors carry no type.
 */
export function cohereRefusal(issue: ShapeIssue): WireError {
  const field = issue.path.map((key) => (typeof key === 'number' ? `[${key}]` : `.${String(key)}`)).join('');
  const name = field.replace(/^\./, '');
  const refuse = (words: string, code: 'W0002' | 'W0004' = 'W0002', param = name): WireError =>
    new WireError(code, 400, `invalid request: ${words}`, {
      type: '',
      ...(param === '' ? {} : { param }),
      retry: false,
    });
  switch (issue.code) {
    case 'unrecognized_keys': {
      const key = `${name === '' ? '' : `${name}.`}${issue.keys[0]!}`;
      return refuse(`unknown field: parameter '${key}' is not a valid field`, 'W0004', key);
    }
    case 'invalid_type':
      return refuse(
        issue.input === undefined ? `${name} is required` : `${name} must be ${wanted[issue.expected] ?? 'an object'}`,
      );
    case 'invalid_value':
      return refuse(`${name} has a value it does not take: ${JSON.stringify(issue.input)}`);
    case 'invalid_union':
      return refuse(`${name} is of no shape it takes`);
    case 'custom':
      return refuse(
        name === '' ? issue.message : `${name}: ${issue.message}`,
        (issue.params as { unhonoured?: boolean } | undefined)?.unhonoured ? 'W0004' : 'W0002',
      );
    default:
      return refuse(name === '' ? issue.message : `${name}: ${issue.message}`);
  }
}
