/** What Azure answers a request whose `api-version` it does not take: its status, code and words. */
export interface VersionRefusal {
  readonly status: 400 | 404;
  readonly code: string;
  readonly message: string;
}

/** A dated version, as the deployment paths take it: `2024-10-21`, `2025-04-01-preview`. */
const dated = /^\d{4}-\d{2}-\d{2}(-preview)?$/;
/** What the v1 paths (`/openai/v1/...`) take, when they are given one at all. */
const v1Versions = new Set(['v1', 'preview', 'latest']);

/**
 * Azure's refusal of a request's `api-version`, or undefined: none on a deployment path is its 404, a malformed one its
 * 400; the v1 paths take none, `v1`, `preview` or `latest`.
 */
export function versionRefusal(query: string, paths: 'deployment' | 'v1'): VersionRefusal | undefined {
  let version: string | null;
  try {
    version = new URLSearchParams(query).get('api-version');
  } catch {
    version = '';
  }
  if (version === null) return paths === 'v1' ? undefined : { status: 404, code: '404', message: 'Resource not found' };
  if (paths === 'v1' ? v1Versions.has(version) : dated.test(version)) return undefined;
  return { status: 400, code: 'BadRequest', message: 'API version not supported' };
}
