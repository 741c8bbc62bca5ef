import type { z } from 'zod';

/**
 * Refuses `http://user:secret@host`: credentials would ride in every request and message naming the URL. The issue says
 * where, never echoing them.
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
