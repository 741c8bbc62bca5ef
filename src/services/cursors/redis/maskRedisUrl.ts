/** Query parameters whose value may be a secret: `?password=`, `?token=`, `?auth=`… */
const SECRET_PARAM = /pass|secret|token|auth|key|cred/i;

/**
 * A Redis URL fit for a message: the password, a lone user part (`redis://secret@host`, read as a password) and secret
 * query values masked. An unparsable URL is not shown at all, since its secret could sit anywhere.
 */
export function maskRedisUrl(url: string): string {
  if (!URL.canParse(url)) return '(a Redis URL that cannot be parsed)';
  const parsed = new URL(url);
  if (parsed.password !== '') parsed.password = '***';
  else if (parsed.username !== '') parsed.username = '***';
  for (const name of [...new Set(parsed.searchParams.keys())]) {
    if (SECRET_PARAM.test(name)) parsed.searchParams.set(name, '***');
  }
  // The fragment is never sent to Redis; it is no place for anything but a mistake.
  parsed.hash = '';
  return parsed.toString();
}

/**
 * What is wrong with a URL's database path (`/cache` names none, and the client would throw a `TypeError`), or
 * undefined.
 */
export function redisDbProblem(url: string): string | undefined {
  if (!URL.canParse(url)) return undefined;
  const path = new URL(url).pathname;
  if (path === '' || path === '/' || /^\/\d{1,5}$/.test(path)) return undefined;
  // The path itself is not shown: a password written in the wrong place would be in it.
  return (
    'its path is not a database number (write redis://host:port/2 for database 2, or leave the path out for ' +
    'database 0)'
  );
}
