/** Query parameters whose value may be a secret: `?password=`, `?token=`, `?auth=`… */
const SECRET_PARAM = /pass|secret|token|auth|key|cred/i;

/**
 * A Redis URL fit for a message: the password replaced by `***`, and so is a user part that
 * stands alone (`redis://secret@host`, which clients read as a password for the default user),
 * and the value of any query parameter that may hold a secret (`?password=`). A URL that cannot
 * be parsed is not shown at all, since its secret could sit anywhere in it.
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
 * What is wrong with a Redis URL's database path, or undefined when it has none or a number:
 * `redis://host:6379/2` names database 2; `redis://host/cache` names none (and the client would
 * throw a `TypeError` on it).
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
