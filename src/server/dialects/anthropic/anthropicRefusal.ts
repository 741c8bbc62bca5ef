import type { ShapeIssue } from '../../../protocols/WireFault.js';
import { WireError } from '../../WireError.js';

/** How Anthropic's errors name the JSON type a field wants. */
const wanted: Readonly<Record<string, string>> = {
  number: 'a valid number',
  int: 'a valid integer',
  boolean: 'a valid boolean',
  string: 'a valid string',
  array: 'a valid list',
};

/**
 * Anthropic's 400 for a request field it refuses, in its words (`max_tokens: Field required`,
 * `temperature: Input should be a valid number`), `W0004` for a field it does not know or a part
 * the wire server does not read, and `W0002` for any other.
 */
export function anthropicRefusal(issue: ShapeIssue): WireError {
  const field = issue.path.map(String).join('.');
  const refuse = (message: string, code: 'W0002' | 'W0004' = 'W0002'): WireError =>
    new WireError(code, 400, field === '' || /^[\w.]+: /.test(message) ? message : `${field}: ${message}`, {
      type: 'invalid_request_error',
      param: field,
      retry: false,
    });
  switch (issue.code) {
    case 'unrecognized_keys': {
      const name = `${field === '' ? '' : `${field}.`}${issue.keys[0]!}`;
      return new WireError('W0004', 400, `${name}: Extra inputs are not permitted`, {
        type: 'invalid_request_error',
        param: name,
        retry: false,
      });
    }
    case 'invalid_type':
      return refuse(
        issue.input === undefined
          ? 'Field required'
          : `Input should be ${wanted[issue.expected] ?? 'a valid dictionary'}`,
      );
    case 'too_small':
      return refuse(
        issue.origin === 'array' ? issue.message : `Input should be greater than or equal to ${String(issue.minimum)}`,
      );
    case 'custom':
      return refuse(
        issue.message,
        (issue.params as { unhonoured?: boolean } | undefined)?.unhonoured ? 'W0004' : 'W0002',
      );
    case 'too_big':
      return refuse(`Input should be less than or equal to ${String(issue.maximum)}`);
    default:
      return refuse(issue.message);
  }
}
