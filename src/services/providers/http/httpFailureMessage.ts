import type { ErrorReport } from './ErrorReport.js';
import { redirectTarget } from './describeError.js';

/**
 * What a non-2xx failure says; a redirect is named as not followed, and a 401/403 without a key says where a key goes.
 */
export function httpFailureMessage(
  response: Response,
  report: ErrorReport,
  provider: string,
  keySent: boolean,
): string {
  const label = report.code ?? report.type;
  let message = `HTTP ${response.status}${label ? ` ${label}` : ''}: ${report.message}`;
  if (response.status >= 300 && response.status < 400) {
    message =
      `HTTP ${response.status}: the server redirects to ` +
      `${redirectTarget(response.headers.get('location'))}, and redirects are not followed. Set baseURL to the ` +
      `address that answers.`;
  }
  if ((response.status === 401 || response.status === 403) && !keySent) {
    message +=
      ` No API key was sent: a custom baseURL reads no environment variable, so set ` +
      `config.providers.${provider}.apiKey.`;
  }
  return message;
}
