import type { StandinConfig } from '../../config/configSchema.js';
import { redact } from '../../services/providers/http/redact.js';
import { setOwn } from './plainJson.js';

/** The environment variables the real adapters read their keys from. */
const KEY_VARIABLES = ['OPENAI_API_KEY', 'ANTHROPIC_API_KEY', 'TYPESAFE_API_KEY'] as const;
const MASK = '[redacted]';
/** `scheme://user:password@` in a URL. */
const URL_CREDENTIALS = /\b([a-z][a-z0-9+.-]*:\/\/)[^\s/?#@"']+@/gi;
/** An auth header or field and its value: `authorization: Bearer ...`, `"x-api-key": "..."`. */
const AUTH_FIELDS = /\b((?:proxy-)?authorization|x-api-key|api-key|apikey|api_key|x-goog-api-key)(["']?\s*[:=]\s*["']?)(?:(?:bearer|basic|token)\s+)?[^\s"',;}]+/gi;
/** A bearer or basic credential anywhere in a text. */
const SCHEMES = /\b(bearer|basic)\s+[A-Za-z0-9._~+/=-]{8,}/gi;
/** A cheap test that tells whether a text could hold what the two patterns above mask: most texts cannot. */
const HINT = /authorization|api[-_]?key|x-goog|bearer|basic/i;
/** Texts shorter than this hold no credential the patterns mask (the shortest, `a://b@c`, has 7). */
const SHORTEST = 7;

/**
 * Turns a text into what a cassette may keep: a user's `redact` function may rewrite it further.
 *
 * @example
 * ```ts
 * const settings = { redact: (text: string) => text.replaceAll('alice@example.com', '[email]') };
 * ```
 */
export type RedactFunction = (text: string) => string;

/**
 * Makes the function every string of a cassette passes through before it is hashed or written:
 * it masks each API key the config gives (and the keys in `OPENAI_API_KEY`,
 * `ANTHROPIC_API_KEY`, `TYPESAFE_API_KEY`), with any 8-character piece of one; credentials in
 * URLs; auth headers and bearer tokens; then applies the user's `redact`. Requests pass through
 * it too, on record and on replay alike, so a redacted request still matches.
 *
 * @example
 * ```ts
 * const scrub = secretScrubber(config, undefined);
 * scrub('https://me:pw@proxy.example/v1'); // 'https://[redacted]@proxy.example/v1'
 * ```
 */
export function secretScrubber(config: StandinConfig, user: RedactFunction | undefined): RedactFunction {
  const keys = new Set<string>();
  for (const provider of Object.values(config.providers)) if (provider.apiKey !== undefined) keys.add(provider.apiKey);
  for (const variable of KEY_VARIABLES) {
    const value = process.env[variable];
    if (value !== undefined && value !== '') keys.add(value);
  }
  const known = [...keys];
  return (text) => {
    let out = text;
    if (out.length >= SHORTEST) {
      for (const key of known) out = redact(out, key);
      if (out.includes('@') && out.includes('://')) out = out.replace(URL_CREDENTIALS, `$1${MASK}@`);
      if (HINT.test(out)) out = out.replace(AUTH_FIELDS, `$1$2${MASK}`).replace(SCHEMES, `$1 ${MASK}`);
    }
    return user === undefined ? out : user(out);
  };
}

/** A copy of plain JSON `value` with every string (keys included) passed through `scrub`. */
export function scrubJson<T>(value: T, scrub: RedactFunction): T {
  if (typeof value === 'string') return scrub(value) as T;
  if (Array.isArray(value)) return value.map((item) => scrubJson(item, scrub)) as T;
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) setOwn(out, scrub(key), scrubJson(item, scrub));
  return out as T;
}
