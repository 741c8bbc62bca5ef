import type { z } from 'zod';

/**
 * A URL schema that also refuses a URL with credentials before its host
 * (`http://user:secret@host`): they would ride along in every request and into every message
 * that names the URL. The issue says where, never what: the credentials are not echoed.
 */
export function credentialFree<S extends z.ZodType<string>>(schema: S): S {
  return schema.check((context) => {
    let url: URL;
    try {
      url = new URL(context.value);
    } catch {
      return; // the URL check itself says what is wrong
    }
    if (url.username === '' && url.password === '') return;
    context.issues.push({
      code: 'invalid_format',
      format: 'url',
      input: '',
      message:
        'holds credentials before the host (user:password@host), which would be sent with every request and named in ' +
        'errors. ' +
        'Remove them from the URL; give the key as apiKey, or another secret in headers',
    });
  });
}
