import type { CassetteEntry } from '../fakes/cassettes/cassetteSchema.js';
import { memberSpans } from '../fakes/cassettes/jsonSpans.js';
import { parseCassette } from '../fakes/cassettes/readCassette.js';
import { stableJson } from '../fakes/cassettes/stableJson.js';
import { writeFileSafely } from '../fakes/cassettes/writeFileSafely.js';

/**
 * Writes the cassette at `path` (whose text was `text`) with the entries at the positions of `recordings` recorded
 * again: each keeps its model, call and request, and takes the new answer and day; its tool runs and its timing, which
 * were the old answer's, go. Only those entries' JSON text is replaced, every other byte stays as it was, and the file is written
 * whole or not at all.
 *
 * @throws {StandinError} `V0001` should the text made not read as a cassette; `V0003` when it cannot be written.
 */
export async function rewriteEntries(
  path: string,
  text: string,
  entries: readonly CassetteEntry[],
  recordings: ReadonlyMap<number, CassetteEntry>,
): Promise<void> {
  const spans = memberSpans(text, ['entries']);
  let out = '';
  let at = 0;
  for (const [position, span] of spans.entries()) {
    const fresh = recordings.get(position);
    if (fresh === undefined) continue;
    const { tools: _tools, timing: _timing, ...kept } = entries[position]!;
    const entry = {
      ...kept,
      answer: fresh.answer,
      ...(fresh.recorded === undefined ? {} : { recorded: fresh.recorded }),
    };
    out += text.slice(at, span.start) + indented(stableJson(entry), indentAt(text, span.start));
    at = span.end;
  }
  out += text.slice(at);
  parseCassette(out, path);
  await writeFileSafely(path, out);
}

/** The spaces before `offset` on its line, when only spaces come before it there. */
function indentAt(text: string, offset: number): string {
  const lead = text.slice(text.lastIndexOf('\n', offset - 1) + 1, offset);
  return /^[ \t]*$/.test(lead) ? lead : '';
}

/** A JSON text written at the top level, its lines after the first moved in by `indent`. */
function indented(json: string, indent: string): string {
  return json.trimEnd().split('\n').join(`\n${indent}`);
}
