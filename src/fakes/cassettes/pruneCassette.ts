import { resolve } from 'node:path';
import { StandinError } from '../../errors/StandinError.js';
import { memberSpans, spanAt } from './jsonSpans.js';
import { parseCassette } from './readCassette.js';
import { textDigest, USAGE_VARIABLE, type UsageEvent } from './usageLog.js';

/** What the run noted of one cassette, read from its usage lines. */
interface Noted {
  /** The digests of the text each process loaded. */
  readonly loaded: Set<string>;
  readonly replayed: Set<number>;
  /** Each save: the digest written and how many of the file's entries were kept. */
  readonly saved: { readonly digest: string; readonly kept: number }[];
}

/**
 * The notes of a usage file (`STANDIN_CASSETTES_USAGE`), by cassette (an absolute path).
 *
 * @throws {StandinError} `V0009` for a line that is not a note.
 */
export function readUsage(text: string, file: string): ReadonlyMap<string, Noted> {
  const notes = new Map<string, Noted>();
  text.split('\n').forEach((line, i) => {
    if (line.trim() === '') return;
    let event: UsageEvent;
    try {
      event = JSON.parse(line) as UsageEvent;
    } catch {
      event = undefined as unknown as UsageEvent;
    }
    if (typeof event !== 'object' || event === null || typeof event.cassette !== 'string') {
      throw new StandinError(
        'V0009',
        `The usage file ${file}, line ${i + 1}, is not a note of a test run. Give prune the file a run with ` +
          `${USAGE_VARIABLE} wrote, unedited.`,
      );
    }
    let noted = notes.get(event.cassette);
    if (noted === undefined) {
      noted = { loaded: new Set(), replayed: new Set(), saved: [] };
      notes.set(event.cassette, noted);
    }
    if (event.event === 'loaded') noted.loaded.add(event.digest);
    else if (event.event === 'replayed') noted.replayed.add(event.entry);
    else if (event.event === 'saved') noted.saved.push({ digest: event.digest, kept: event.kept });
  });
  return notes;
}

/** What pruning one cassette did. */
export interface Pruned {
  /** The cassette's text with the entries removed; every other byte as it was. */
  readonly text: string;
  /** The positions, in the file before, of the entries removed. */
  readonly removed: readonly number[];
  readonly entries: number;
}

/**
 * Removes from a cassette's text the entries the run `notes` describes did not replay, keeping every other byte (hand
 * edits, formatting) as it was. Entries a save of the run wrote past the kept ones were recorded in it, and stay.
 *
 * @throws {StandinError} `V0010` when no test of the run loaded the cassette, or the file changed since the run;
 * `V0001` when it is not a cassette.
 */
export function pruneCassette(text: string, path: string, notes: ReadonlyMap<string, Noted>): Pruned {
  const entries = parseCassette(text, path).length;
  const noted = notes.get(resolve(path));
  if (noted === undefined) {
    throw new StandinError(
      'V0010',
      `No test of the run the usage file notes loaded the cassette ${path}, so prune cannot tell which of its ` +
        `entries are used. Leave it out, or check that the tests that use it ran with ${USAGE_VARIABLE} set.`,
    );
  }
  const digest = textDigest(text);
  const save = [...noted.saved].reverse().find((saved) => saved.digest === digest);
  if (save === undefined && !noted.loaded.has(digest)) {
    throw new StandinError(
      'V0010',
      `The cassette ${path} changed since the run the usage file notes (it was edited, recorded or pruned since), ` +
        `so the run's entry numbers no longer fit it. Delete the usage file, run the tests again with ` +
        `${USAGE_VARIABLE} set, then prune.`,
    );
  }
  // A save keeps the file's entries first and writes the run's recordings after them.
  const firstRecorded = save?.kept ?? entries;
  const removed: number[] = [];
  for (let position = 0; position < Math.min(entries, firstRecorded); position++)
    if (!noted.replayed.has(position)) removed.push(position);
  return { text: removed.length === 0 ? text : cutEntries(text, new Set(removed)), removed, entries };
}

/** `text` with the members of its `entries` list at `positions` cut out, and the commas between them. */
function cutEntries(text: string, positions: ReadonlySet<number>): string {
  const spans = memberSpans(text, ['entries']);
  const list = spanAt(text, ['entries'])!;
  const kept = spans.flatMap((span, i) => (positions.has(i) ? [] : [{ span, i }]));
  if (kept.length === 0) return `${text.slice(0, list.start)}[]${text.slice(list.end)}`;
  // Between two entries kept side by side, the text between them stays; elsewhere, the file's first separator.
  const separator = spans.length > 1 ? text.slice(spans[0]!.end, spans[1]!.start) : ',\n';
  let out = text.slice(0, spans[0]!.start);
  kept.forEach(({ span, i }, k) => {
    if (k > 0) out += kept[k - 1]!.i === i - 1 ? text.slice(spans[i - 1]!.end, span.start) : separator;
    out += text.slice(span.start, span.end);
  });
  return out + text.slice(spans.at(-1)!.end);
}
