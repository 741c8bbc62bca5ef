/**
 * A Redis URL fit for a message: the password (and a user's name only when it stands alone as
 * the password, `redis://:secret@host`) replaced by `***`. A URL that cannot be parsed is not
 * shown at all, since its secret could sit anywhere in it.
 *
 * @example
 * ```ts
 * maskRedisUrl('redis://app:s3cret@10.0.0.5:6379/2'); // 'redis://app:***@10.0.0.5:6379/2'
 * ```
 */
export function maskRedisUrl(url: string): string {
  if (!URL.canParse(url)) return '(a Redis URL that cannot be parsed)';
  const parsed = new URL(url);
  if (parsed.password !== '') parsed.password = '***';
  return parsed.toString();
}
