import { capText } from './capText.js';

/** A redirect's target, said without any credentials it carries, cut to 300 characters. */
export function redirectTarget(location: string | null): string {
  if (location === null) return 'an address it does not name';
  try {
    const url = new URL(location);
    url.username = '';
    url.password = '';
    return capText(url.href, 300);
  } catch {
    return capText(location.replace(/\/\/[^/@]*@/, '//'), 300);
  }
}

/** A thrown error said briefly: its message and its causes' (undici puts the socket error in `cause`). */
export function describeError(error: unknown): string {
  const parts: string[] = [];
  for (let at: unknown = error, depth = 0; at !== undefined && at !== null && depth < 4; depth++) {
    if (at instanceof Error) {
      const code = (at as { code?: unknown }).code;
      parts.push(typeof code === 'string' && !at.message.includes(code) ? `${at.message} (${code})` : at.message);
      at = at.cause;
    } else {
      parts.push(String(at));
      at = undefined;
    }
  }
  return parts.join(': ');
}
