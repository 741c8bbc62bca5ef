import { CASSETTE_VERSION, type CassetteEntry } from './cassetteSchema.js';
import { parseCassetteFile } from './readCassette.js';
import { scrubJson, secretScrubber, type RedactFunction } from './redactSecrets.js';
import { stableJson } from './stableJson.js';

/**
 * A cassette's text with today's redaction applied to every string of its entries, tool runs included (the keys in
 * the environment, auth headers, bearer tokens, credentials in URLs), then `user`'s: for files
 * recorded before a rule existed. The text is written as `save()` writes it; `changed` counts the
 * strings rewritten (0: the text is given back as it was).
 *
 * @throws {StandinError} `V0001` when the text is not a cassette; `V0008` when `user` throws or answers a non-string.
 */
export function redactCassette(
  text: string,
  path: string,
  user: RedactFunction | undefined,
): { readonly text: string; readonly changed: number } {
  const { entries, mcp } = parseCassetteFile(text, path);
  const scrub = secretScrubber({ providers: {} }, user);
  let changed = 0;
  const counted: RedactFunction = (value) => {
    const out = scrub(value);
    if (out !== value) changed++;
    return out;
  };
  const redacted = entries.map((entry) => {
    const out: Record<string, unknown> = { ...entry, answer: scrubJson(entry.answer, counted) };
    if (entry.request !== undefined) out.request = scrubJson(entry.request, counted);
    if (entry.tools !== undefined) out.tools = scrubJson(entry.tools, counted);
    return out as CassetteEntry;
  });
  if (changed === 0) return { text, changed };
  // The servers' listings are their schemas, not what was said: they are kept as they are.
  const file = {
    standin: 'cassette',
    version: CASSETTE_VERSION,
    entries: redacted,
    ...(mcp === undefined ? {} : { mcp }),
  };
  return { text: stableJson(file), changed };
}
