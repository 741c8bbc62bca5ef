import { thrownName } from '../../validation/formatPath.js';
import type { StandinConfig } from '../../config/configSchema.js';
import { awsVariables, keyVariables } from '../../config/keyVariables.js';
import { StandinError } from '../../errors/StandinError.js';
import { Redactor } from '../../services/providers/http/redact.js';
import { setOwn } from './plainJson.js';

/** The environment variables the real adapters read their keys from. */
const KEY_VARIABLES = [...new Set(Object.values(keyVariables)), ...awsVariables];
const MASK = '[redacted]';
/** `scheme://user:password@` in a URL. */
const URL_CREDENTIALS = /\b([a-z][a-z0-9+.-]*:\/\/)[^\s/?#@"']+@/gi;
/** An auth header or field and its value: `authorization: Bearer ...`, `"x-api-key": "..."`. */
const AUTH_FIELDS =
  /\b((?:proxy-)?authorization|x-api-key|api-key|apikey|api_key|x-goog-api-key)(["']?\s*[:=]\s*["']?)(?:(?:bearer|basic|token)\s+)?[^\s"',;}]+/gi;
/** What may be a bearer or basic credential anywhere in a text: {@link credential} tells. */
const SCHEMES = /\b(bearer|basic)\s+([A-Za-z0-9._~+/=-]{8,})/gi;

/** Whether the word after `bearer` or `basic` is a credential, not prose ("basic customers"). */
function credential(scheme: string, token: string): boolean {
  if (scheme.toLowerCase() === 'bearer') return token.length >= 16 || /[0-9._~+/=-]/.test(token);
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(token)) return /[0-9._~+/=-]/.test(token);
  return Buffer.from(token, 'base64').toString('latin1').includes(':');
}

function maskScheme(match: string, scheme: string, token: string): string {
  // A sentence's full stop is no part of the word before it.
  const core = token.replace(/\.+$/, '');
  return credential(scheme, core) ? `${scheme} ${MASK}${token.slice(core.length)}` : match;
}
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
 * it masks each API key and AWS credential the config gives (and the keys in `OPENAI_API_KEY`,
 * `ANTHROPIC_API_KEY`, `TYPESAFE_API_KEY` and the AWS credential variables), and each value of a provider's `headers`, with any
 * 8-character piece of one (a value shorter than 8 characters where it stands as a whole token);
 * credentials in URLs; auth headers and bearer tokens; then applies the user's `redact`. Requests
 * pass through it too, on record and on replay alike, so a redacted request still matches.
 *
 * @throws {StandinError} `V0008` (from the function made) when the user's `redact` throws or answers something other
 * than a string.
 */
export function secretScrubber(
  config: Pick<StandinConfig, 'providers'>,
  user: RedactFunction | undefined,
): RedactFunction {
  const secrets = new Set<string>();
  for (const provider of Object.values(config.providers)) {
    for (const secret of [provider.apiKey, provider.accessKeyId, provider.secretAccessKey, provider.sessionToken])
      if (secret !== undefined) secrets.add(secret);
    for (const value of Object.values(provider.headers ?? {})) secrets.add(value);
  }
  for (const variable of KEY_VARIABLES) {
    const value = process.env[variable];
    if (value !== undefined && value !== '') secrets.add(value);
  }
  const redactor = new Redactor([...secrets]);
  return (text) => {
    let out = text;
    if (!redactor.empty) out = redactor.clean(out);
    if (out.length >= SHORTEST) {
      if (out.includes('@') && out.includes('://')) out = out.replace(URL_CREDENTIALS, `$1${MASK}@`);
      if (HINT.test(out)) out = out.replace(AUTH_FIELDS, `$1$2${MASK}`).replace(SCHEMES, maskScheme);
    }
    return user === undefined ? out : userRedact(user, out);
  };
}

/** The user's `redact` applied to `text`: what it throws, or anything but a string it answers, is `V0008`. */
function userRedact(user: RedactFunction, text: string): string {
  let out: unknown;
  try {
    out = user(text);
  } catch (error) {
    throw new StandinError(
      'V0008',
      `The cassette's redact function threw ` +
        `(${thrownName(error)}) on a text of ${text.length} characters. Make app.cassette(path, { redact }) answer a string for every text it is given.`,
      { cause: error },
    );
  }
  if (typeof out !== 'string') {
    throw new StandinError(
      'V0008',
      `The cassette's redact function answered ${out === null ? 'null' : `a ${typeof out}`}, not a string. Make ` +
        `app.cassette(path, { redact }) answer the text, rewritten, for every text it is given.`,
    );
  }
  return out;
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
