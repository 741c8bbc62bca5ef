/*
 * Loading a cassette (issue 24), measured on 1,000 recorded replies (515 KB): 25.8 ms against 3.6 ms for
 * readFileSync + JSON.parse of the same file. Where the time went, past reading and parsing: a zod parse of each
 * entry, which walks and copies every key of its request and answer (1.3 ms); the nesting and __proto__ checks
 * (0.9 ms); preparing every reply's answer (3.1 ms); keying every request with canonicalScript (1.7 ms of 2.4 ms);
 * and the collector, about a third of the wall time, as every copy stays alive with its app (1.7 MB an app).
 * What was cut: an entry and the file are checked field by field with no copy (quickChecks.ts), zod only wording
 * what is wrong; a reply's answer as a recording writes it is known to prepare and is prepared on its first replay
 * (CassetteTape); a lookup keys only the entries whose request ends with its text, one flat text each (EntryIndex,
 * requestKey.ts), where the first replay once keyed every entry of its model; an entry is read with no closure or
 * name made for it; the nesting walk makes no list. What is left past the parse (issue 36) is mostly the collector:
 * the app's container outlives minor collections, and with it the parsed JSON it holds is copied and promoted.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import type { z } from 'zod';
import { StandinError } from '../../errors/StandinError.js';
import { describeIssues } from '../../validation/describeIssues.js';
import {
  answerSchemas,
  cassetteCalls,
  cassetteFileSchema,
  entrySchema,
  type CassetteEntry,
  type CassetteFile,
} from './cassetteSchema.js';
import { MAX_DEPTH, nestedDeeper } from './plainJson.js';
import { fitsCassetteFile, fitsEntry } from './quickChecks.js';
import { compileWhen } from '../model/matchWhen.js';
import { whenExpected, type When } from '../model/whenSchema.js';
import { jsonProblemAt, lineColumn, spanAt } from './jsonSpans.js';
import { textDigest } from './usageLog.js';
import { toolRunsProblem } from './toolRuns.js';
import { MAX_DELAY_MS } from '../model/answerSchema.js';

/** The largest cassette file read: past it, a file is more likely a mistake than a recording. */
export const MAX_CASSETTE_BYTES = 256 * 1024 * 1024;

/**
 * Reads the cassette at `path`: its entries, each checked against its call's answer shape (a reply's
 * answer is checked by `prepareAnswer` when the cassette prepares it), or
 * none when the file does not exist (`exists: false`); with `digest`, the sha-256 of its text too.
 *
 * @throws {StandinError} `V0001` when the file is not JSON or not a cassette, naming the entry and field.
 */
export function readCassette(
  path: string,
  options: { readonly digest?: boolean } = {},
): {
  readonly exists: boolean;
  readonly entries: readonly CassetteEntry[];
  readonly mcp?: CassetteFile['mcp'];
  readonly digest?: string;
} {
  if (!existsSync(path)) return { exists: false, entries: [] };
  let text: string;
  try {
    const stat = statSync(path);
    // A FIFO would wait for a writer, and a device such as /dev/zero never ends.
    if (!stat.isFile()) {
      throw new StandinError(
        'V0001',
        `The cassette ${path} is not a regular file (a FIFO, a device or a directory): a cassette is a JSON file. ` +
          `Give the path of one.`,
      );
    }
    const size = stat.size;
    if (size > MAX_CASSETTE_BYTES) {
      throw new StandinError(
        'V0001',
        `The cassette ${path} is ${size} bytes, past the ${MAX_CASSETTE_BYTES}-byte limit of a cassette. Split the ` +
          `tests over several cassettes, or record it again.`,
      );
    }
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if (error instanceof StandinError) throw error;
    throw new StandinError('V0001', `The cassette ${path} cannot be read: ${(error as Error).message}`, {
      cause: error,
    });
  }
  const { entries, mcp } = parseCassetteFile(text, path);
  const read = mcp === undefined ? { exists: true, entries } : { exists: true, entries, mcp };
  return options.digest === true ? { ...read, digest: textDigest(text) } : read;
}

/**
 * The entries of a cassette's JSON text; `path` names it in messages.
 *
 * @throws {StandinError} `V0001` when the text is not JSON or not a cassette.
 */
export function parseCassette(text: string, path: string): CassetteEntry[] {
  return parseCassetteFile(text, path).entries;
}

/**
 * The entries of a cassette's JSON text and, when it has them, its MCP servers' listings.
 *
 * @throws {StandinError} `V0001` when the text is not JSON or not a cassette.
 */
export function parseCassetteFile(
  text: string,
  path: string,
): { readonly entries: CassetteEntry[]; readonly mcp?: CassetteFile['mcp'] } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    const problem = jsonProblemAt(text);
    const where = problem === undefined ? '' : ` at ${place(text, problem.at)}: expected ${problem.expected} there`;
    throw new StandinError(
      'V0001',
      `The cassette ${path} is not JSON${where} (${(error as Error).message}). Fix the file, or delete it and record ` +
        `it again.`,
    );
  }
  // A file that fits at a glance is not parsed again; the schema words what is wrong with one that does not.
  const file = fitsCassetteFile(json) ? { entries: json.entries } : cassetteFile(json, path, text);
  const source = { path, text };
  const entries = file.entries.map((raw, i) => readEntry(raw, i, source));
  return file.mcp === undefined ? { entries } : { entries, mcp: file.mcp };
}

/** Where in `text` the value at `where` is: ` (line 3, column 7)`, or '' when unknown. */
function placeAt(text: string, where: readonly (string | number)[]): string {
  const span = spanAt(text, where);
  return span === undefined ? '' : ` (${place(text, span.start)})`;
}

/** `line 3, column 7` of `offset` in `text`. */
function place(text: string, offset: number): string {
  const { line, column } = lineColumn(text, offset);
  return `line ${line}, column ${column}`;
}

/**
 * The file an entry is read from, its path and its text: where a path inside an entry is is found in the text only
 * for an entry that is wrong.
 */
interface Source {
  readonly path: string;
  readonly text: string;
}

/** Where in the file the entry at `i`, or a path inside it, is: ` (line 3, column 7)`, or '' when unknown. */
function entryPlace(source: Source, i: number, inner: readonly (string | number)[] = []): string {
  return placeAt(source.text, ['entries', i, ...inner]);
}

/** `entries[3]`: made only for a message, as an entry that is well formed needs no name. */
function entryName(i: number): string {
  return `entries[${i}]`;
}

/** The fields of an entry that hold JSON of any depth. */
const nestedFields = ['request', 'answer', 'tools'] as const;

/** The path of a zod issue, as the keys `spanAt` walks. */
const issuePath = (issues: readonly { readonly path: readonly PropertyKey[] }[]): (string | number)[] =>
  (issues[0]?.path ?? []).filter((key): key is string | number => typeof key !== 'symbol');

/** The file as `cassetteFileSchema` reads it. @throws {StandinError} `V0001` naming what does not fit. */
function cassetteFile(
  json: unknown,
  path: string,
  text: string,
): { readonly entries: readonly unknown[]; readonly mcp?: CassetteFile['mcp'] } {
  const file = cassetteFileSchema.safeParse(json);
  if (!file.success) {
    const lines = describeIssues('cassette', json, file.error.issues, {
      expected: {
        '': "a cassette { standin: 'cassette', version: 1, entries: [...] }",
        standin: "'cassette'",
        version: 'the version 1',
        entries: 'a list of entries',
      },
      keys: { '': ['standin', 'version', 'entries', 'mcp'] },
    });
    throw new StandinError(
      'V0001',
      `The cassette ${path} is not a cassette file${placeAt(text, issuePath(file.error.issues))}:\n${lines.join('\n')}`,
    );
  }
  return file.data;
}

function readEntry(raw: unknown, i: number, source: Source): CassetteEntry {
  // A parsed record would take this key for its prototype and drop it, and with it what it holds.
  for (const field of nestedFields) {
    const value = (raw as Record<string, unknown> | null)?.[field];
    if (nestedDeeper(value)) {
      throw new StandinError(
        'V0001',
        `${malformed(source, i)}: ${entryName(i)}.${field} nests more than ${MAX_DEPTH} objects and lists ` +
          `deep, past what a cassette holds. Record the cassette again, or remove the entry.`,
      );
    }
    if (typeof value === 'object' && value !== null && Object.hasOwn(value, '__proto__')) {
      throw new StandinError(
        'V0001',
        `${malformed(source, i)}: ${entryName(i)}.${field}.__proto__: '__proto__' is not a field of ` +
          `${field === 'answer' ? 'an answer' : field === 'tools' ? 'tool runs' : 'a request'}, and reading it would drop it with what it holds. ` +
          `Remove it, or record the cassette again.`,
      );
    }
  }
  // Most entries fit at a glance; the schema words what is wrong with one that does not, and reads every when.
  const data = fitsEntry(raw) ? (raw as EntryData) : parseEntry(raw, i, source);
  const { call, model } = data;
  if ((model === undefined) !== (call === 'classify')) {
    const fix =
      call === 'classify'
        ? 'a classify entry names no model: remove model'
        : `a ${call} entry names its model: add model`;
    throw new StandinError('V0001', `${malformed(source, i)}: ${entryName(i)}: ${fix}.`);
  }
  const matching =
    (data.when === undefined && data.request !== undefined && data.answer.when === undefined
      ? undefined
      : whenProblem(data, entryName(i))) ??
    (data.tools === undefined ? undefined : toolRunsProblem(call, data.tools, entryName(i))) ??
    (data.timing !== undefined && call !== 'reply'
      ? `${entryName(i)}.timing: timing is how a reply streamed, and this is a ${call} entry. Remove timing.`
      : undefined);
  if (matching !== undefined) throw new StandinError('V0001', `${malformed(source, i)}: ${matching}`);
  if (data.fallback !== undefined && call !== 'classify') {
    throw new StandinError(
      'V0001',
      `${malformed(source, i)}: ${entryName(i)}.fallback: fallback names a fallback classifier, and this ` +
        `is a ${call} entry. Remove fallback.`,
    );
  }
  // A reply's answer is checked when the tape prepares it (prepareAnswer), with the fake's own messages.
  if (call === 'reply') return data as CassetteEntry;
  const answers = call === 'classify' ? (data.answer as { answers?: unknown }).answers : undefined;
  // A parsed record would take this key for its prototype; no classify request can ask for it (K0003).
  if (typeof answers === 'object' && answers !== null && Object.hasOwn(answers, '__proto__')) {
    throw new StandinError(
      'V0001',
      `${malformed(source, i)}: ${entryName(i)}.answer.answers.__proto__: '__proto__' cannot be a ` +
        `question id. Remove it.`,
    );
  }
  const answer = answerSchemas[call].safeParse(data.answer);
  if (!answer.success) {
    const lines = describeIssues(`${entryName(i)}.answer`, data.answer, answer.error.issues);
    throw new StandinError(
      'V0001',
      `The cassette ${source.path} has an answer that does not fit its call (${call})` +
        `${entryPlace(source, i, ['answer', ...issuePath(answer.error.issues)])}:\n${lines.join('\n')}`,
    );
  }
  return { ...data, answer: answer.data } as CassetteEntry;
}

/** An entry as `entrySchema` gives it, its answer not yet checked against its call. */
type EntryData = z.output<typeof entrySchema>;

/** The entry as `entrySchema` reads it. @throws {StandinError} `V0001` naming what does not fit. */
function parseEntry(raw: unknown, i: number, source: Source): EntryData {
  const root = `entries[${i}]`;
  const entry = entrySchema.safeParse(raw);
  if (!entry.success) {
    const lines = describeIssues(root, raw, entry.error.issues, {
      expected: {
        '':
          'an entry { model?, call, fallback?, request, answer, recorded?, tools?, timing? } (a reply entry may give ' +
          'when in place of request)',
        model: 'the model name',
        recorded: "the day it was recorded, such as '2026-12-01'",
        fallback: "the index of a classifier in the config's classifier.fallback, 0 or more",
        call: `one of ${cassetteCalls.map((call) => `'${call}'`).join(', ')}`,
        request: 'the normalized request, an object',
        answer: 'the answer, an object',
        tools: 'the tool runs of the reply, a list',
        timing: 'how the reply streamed, { firstMs, gapsMs: [...] }',
        'timing.firstMs': `the whole milliseconds to the first part, 0 to ${MAX_DELAY_MS}`,
        'timing.gapsMs': 'the whole milliseconds between parts, a list',
        'timing.gapsMs.*': `a whole number of milliseconds, 0 to ${MAX_DELAY_MS}`,
        ...whenExpected,
      },
      // Only a gap's index is a number in an entry's paths: every gap reads as one.
      pattern: (path) => path.map((key) => (typeof key === 'number' ? '*' : String(key))).join('.'),
      keys: {
        '': ['model', 'call', 'fallback', 'request', 'when', 'answer', 'recorded', 'tools', 'timing'],
        timing: ['firstMs', 'gapsMs'],
      },
    });
    throw new StandinError(
      'V0001',
      `The cassette ${source.path} has a malformed entry${entryPlace(source, i, issuePath(entry.error.issues))}:\n${lines.join('\n')}`,
    );
  }
  return entry.data;
}

/** What is wrong with an entry's `request` and `when`: exactly one of them, and `when` only in a reply entry. */
function whenProblem(
  entry: { call: string; request?: unknown; when?: unknown; answer: Record<string, unknown> },
  root: string,
): string | undefined {
  if (entry.answer.when !== undefined) {
    return `${root}.answer.when: in a cassette, when sits beside the answer, in place of request. Move it there.`;
  }
  if (entry.when === undefined) {
    return entry.request === undefined ? `${root}: an entry names the request it answers: add request.` : undefined;
  }
  if (entry.request !== undefined) {
    return `${root}: request and when do not go together: an entry answers its very request, or the requests its when matches. Keep one.`;
  }
  if (entry.call !== 'reply')
    return `${root}.when: when chooses among reply entries only; a ${entry.call} entry gives its request.`;
  const matcher = compileWhen(entry.when as When, root);
  return typeof matcher === 'string' ? matcher : undefined;
}

/** The start of the message on a malformed entry: said only of one that is wrong, as placing it scans the file. */
function malformed(source: Source, i: number): string {
  return `The cassette ${source.path} has a malformed entry${entryPlace(source, i)}`;
}
