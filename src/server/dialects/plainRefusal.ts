import type { ShapeIssue } from '../../protocols/WireFault.js';
import { WireError } from '../WireError.js';

/** A refused request field said plainly, `path: what is wrong`, for a dialect whose provider words its 400s so. */
export function plainRefusal(issue: ShapeIssue): WireError {
  const field = issue.path.map(String).join('.');
  const unknown = issue.code === 'unrecognized_keys';
  const message = unknown
    ? `${field === '' ? '' : `${field}.`}${issue.keys[0]!}: the field is not one this API takes; remove it.`
    : field === '' || issue.message.startsWith(field)
      ? issue.message
      : `${field}: ${issue.message}`;
  return new WireError(unknown ? 'W0004' : 'W0002', 400, message, {
    type: 'invalid_request_error',
    param: field,
    retry: false,
  });
}
