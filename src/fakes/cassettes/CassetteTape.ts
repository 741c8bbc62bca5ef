import type { McpToolInfo } from '../../services/mcp/McpConnection.js';
import { StandinError, bareMessage } from '../../errors/StandinError.js';
import { prepareAnswer, type PreparedAnswer } from '../model/prepareAnswer.js';
import { DEFAULT_SCOPE } from '../../services/scopes/Scopes.js';
import { CASSETTE_VERSION, type CassetteCall, type CassetteEntry, type CassetteFile } from './cassetteSchema.js';
import type { RecordKeep } from '../../services/spec/CapabilitySpec.js';
import type { CassetteMode } from './cassetteSettings.js';
import { EntryIndex } from './EntryIndex.js';
import { placeInFile } from './jsonSpans.js';
import { missError } from './missError.js';
import { quickReply } from './quickChecks.js';
import { normalizeRequest, type CallInputs, type NormalizedRequest } from './normalizeRequest.js';
import { scrubJson, type RedactFunction } from './redactSecrets.js';
import type { UsageLog } from './usageLog.js';
import { keyedModel, type ModelIds } from './modelIds.js';
import { StepEntries } from './StepEntries.js';
import { isContent } from './recordedTiming.js';

/** An exchange recorded in this run, with where it falls in its scope's order of calls. */
interface Recording {
  readonly scope: string;
  readonly seq: number;
  readonly entry: CassetteEntry;
}

/** What a call finds on the tape: a recording to replay (`found`), or where its recording goes. */
export interface Lookup {
  readonly found: { readonly position: number; readonly entry: CassetteEntry } | undefined;
  /** The call's key and which call of that key it is in its scope, from 0. */
  readonly key: string;
  readonly n: number;
  readonly scope: string;
  /** The call's place in its scope's order of calls. */
  readonly seq: number;
}

/** One cassette's state while its app runs, which the provider and classifier wrappers share and `Cassette` saves. */
export class CassetteTape {
  readonly path: string;
  readonly mode: CassetteMode;
  readonly scrub: RedactFunction;
  readonly usage: UsageLog | undefined;
  /** What a recording keeps beyond what its replay needs: the cassette's `keepBytes`. */
  readonly keep: RecordKeep;
  /** Whether a recorded reply keeps its timing: the cassette's `timing: true`. */
  readonly timing: boolean;
  /** The factor of the recorded waits a replayed reply keeps; undefined replays at once. */
  readonly pace: number | undefined;
  readonly #exists: boolean;
  /** The entries kept from the file: none in record mode, which replaces them. */
  readonly #kept: CassetteEntry[];
  readonly #prepared = new Map<number, PreparedAnswer>();
  readonly #index: EntryIndex;
  readonly #age: { readonly maxAgeDays: number; readonly stale: 'fail' | 'warn' } | undefined;
  readonly #now: () => number;
  /** The stale entries warned of, once each. */
  readonly #warned = new Set<number>();
  readonly #replayed = new Set<number>();
  readonly #recorded: Recording[] = [];
  readonly #seq = new Map<string, number>();
  /** Which entry answered each run step: where its tool runs are kept (a cassette with `tools: true`). */
  readonly steps = new StepEntries();
  /** Whether a tool run was put on an entry in this run. */
  #touched = false;
  /** Each MCP server's tool listing, by server name: the file's, and those listed in this run. */
  readonly #listings: Map<string, readonly McpToolInfo[]>;

  constructor(options: {
    path: string;
    mode: CassetteMode;
    exists: boolean;
    entries: readonly CassetteEntry[];
    scrub: RedactFunction;
    /** Where the run notes the entries it replayed, for `standin cassettes prune`. */
    usage?: UsageLog | undefined;
    /** How old an entry may be when replayed, and what an older one does; the model ids' matching. */
    age?: { readonly maxAgeDays: number; readonly stale: 'fail' | 'warn' } | undefined;
    modelIds?: ModelIds | undefined;
    /** The time now, in ms: the system's, for the day a recording is made and the age of the ones replayed. */
    now?: () => number;
    keepBytes?: boolean;
    /** Whether a recorded reply keeps its timing (the cassette's `timing: true`). */
    timing?: boolean;
    /** The factor of the recorded waits a replayed reply keeps (the cassette's `pace`); left out, it replays at once. */
    pace?: number | undefined;
    /** The MCP servers' tool listings the file holds. */
    mcp?: CassetteFile['mcp'];
  }) {
    this.path = options.path;
    this.mode = options.mode;
    this.scrub = options.scrub;
    this.keep = { bytes: options.keepBytes === true };
    this.timing = options.timing === true;
    this.pace = options.pace;
    this.#exists = options.exists;
    this.usage = options.usage;
    this.#age = options.age;
    this.#now = options.now ?? Date.now;
    this.#index = new EntryIndex(keyedModel(options.modelIds ?? 'exact'));
    this.#kept = options.mode === 'record' ? [] : [...options.entries];
    const listed = options.mode === 'record' ? [] : Object.entries(options.mcp ?? {});
    this.#listings = new Map(listed.map(([server, { tools }]) => [server, tools]));
    this.#kept.forEach((entry, position) => {
      // An answer as a recording writes it is known to prepare, and is prepared on its first replay; any other is
      // prepared now, so a bad one fails the loading.
      if (entry.call === 'reply' && !quickReply(entry.answer as unknown as Record<string, unknown>))
        this.#prepared.set(position, this.#prepare(entry, position));
      this.#index.add(position, entry);
    });
  }

  /** The request of a call as the cassette keeps and matches it: normalized, every string scrubbed of secrets. */
  normalize<C extends keyof CallInputs>(call: C, input: CallInputs[C], model: string | undefined): NormalizedRequest {
    return normalizeRequest(call, input, model, this.scrub);
  }

  /**
   * The recording a call replays, or none when it is to be recorded; `T0040` for a miss in replay. Called when the call
   * starts, so the file's order is the order calls began.
   */
  find(
    scope: string,
    model: string | undefined,
    call: CassetteCall,
    request: NormalizedRequest,
    fallback?: number,
  ): Lookup {
    const seq = this.#seq.get(scope) ?? 0;
    this.#seq.set(scope, seq + 1);
    const key = this.#index.key(model, call, request, fallback);
    const index = this.#index.take(scope, key);
    const n = index.count - 1;
    // A call no recording of its very request is left for may take an entry written with a when.
    const matched =
      index.position === undefined && this.mode !== 'record' && call === 'reply' && model !== undefined
        ? this.#index.takeMatching(scope, model, request)
        : undefined;
    const taken = matched === undefined ? index : { ...index, position: matched };
    if (this.mode === 'record' || taken.position === undefined) {
      if (this.mode === 'replay') {
        const nearest = taken.recorded > 0 ? undefined : this.#index.nearest(model, call, request);
        throw missError({
          path: this.path,
          exists: this.#exists,
          model,
          fallback,
          call,
          scope,
          request,
          count: taken.count,
          recorded: taken.recorded,
          nearest,
          ...(call === 'reply' && model !== undefined ? { matching: this.#index.matchingOf(scope, model) } : {}),
        });
      }
      return { found: undefined, key, n, scope, seq };
    }
    this.#replayed.add(taken.position);
    if (taken.position < this.#kept.length) this.usage?.replayed(taken.position);
    const entry = this.entry(taken.position)!;
    if (this.#age !== undefined && entry.recorded !== undefined) this.#checkAge(taken.position, entry.recorded);
    return { found: { position: taken.position, entry }, key, n, scope, seq };
  }

  /** The entry at `position`: the file's, then this run's recordings (record-missing indexes them as it goes). */
  entry(position: number): CassetteEntry | undefined {
    return position < this.#kept.length ? this.#kept[position] : this.#recorded[position - this.#kept.length]?.entry;
  }

  /** The prepared answer of the reply entry at `position`: parts made once, handed out on every replay. */
  prepared(position: number): PreparedAnswer {
    let prepared = this.#prepared.get(position);
    if (prepared === undefined) {
      prepared = this.#prepare(this.entry(position)!, position);
      this.#prepared.set(position, prepared);
    }
    return prepared;
  }

  /**
   * Records a call's exchange, its answer scrubbed. When another scope recorded the same nth asking concurrently, the
   * first stays, so every exchange is in the file once. Answers the entry's position.
   */
  record(lookup: Lookup, entry: CassetteEntry): number {
    if (this.#index.count(lookup.key) > lookup.n) return this.#index.at(lookup.key, lookup.n)!;
    const recorded = new Date(this.#now()).toISOString().slice(0, 10);
    const clean = { ...entry, answer: scrubJson(entry.answer, this.scrub), recorded } as CassetteEntry;
    const position = this.#kept.length + this.#recorded.length;
    this.#recorded.push({ scope: lookup.scope, seq: lookup.seq, entry: clean });
    this.#index.add(position, clean);
    this.#replayed.add(position);
    return position;
  }

  /** Puts `entry` in the place of the entry at `position` (its tool runs changed): the file is written again. */
  replace(position: number, entry: CassetteEntry): void {
    const kept = this.#kept.length;
    if (position < kept) this.#kept[position] = entry;
    else this.#recorded[position - kept] = { ...this.#recorded[position - kept]!, entry };
    this.#touched = true;
  }

  /** The tool listing of MCP server `server` the tape holds, if any. */
  listing(server: string): readonly McpToolInfo[] | undefined {
    return this.#listings.get(server);
  }

  /** Keeps `tools` as MCP server `server`'s listing, for the file `file()` makes. */
  recordListing(server: string, tools: readonly McpToolInfo[]): void {
    this.#listings.set(server, tools);
    this.#touched = true;
  }

  /** How many of the file's entries are kept: in the file `file()` makes, those past them were recorded in this run. */
  get keptCount(): number {
    return this.#kept.length;
  }

  /** Whether this run recorded anything. */
  get changed(): boolean {
    return this.#recorded.length > 0 || this.#touched || (this.mode === 'record' && this.#exists);
  }

  /**
   * The file: kept entries in order, then this run's by scope (default first, then by name), each in the order calls
   * began.
   */
  file(): CassetteFile {
    const recorded = [...this.#recorded].sort((a, b) => compareScopes(a.scope, b.scope) || a.seq - b.seq);
    const entries = [...this.#kept, ...recorded.map((r) => r.entry)];
    if (this.#listings.size === 0) return { standin: 'cassette', version: CASSETTE_VERSION, entries };
    const servers = [...this.#listings.keys()].sort();
    const mcp = Object.fromEntries(servers.map((server) => [server, { tools: this.#listings.get(server)! }]));
    return { standin: 'cassette', version: CASSETTE_VERSION, entries, mcp };
  }

  /** Forgets the per-scope counts of `scope`, now closed; which entries were replayed is kept, for `verify`. */
  close(scope: string): void {
    this.#seq.delete(scope);
    this.#index.close(scope);
  }

  /** The kept entries no call replayed, with their positions. */
  unreplayed(): { readonly position: number; readonly entry: CassetteEntry }[] {
    return this.#kept.flatMap((entry, position) => (this.#replayed.has(position) ? [] : [{ position, entry }]));
  }

  /** Fails (`V0011`) or warns when the entry at `position`, recorded on `day`, is older than `maxAgeDays`. */
  #checkAge(position: number, day: string): void {
    const { maxAgeDays, stale } = this.#age!;
    const days = Math.floor((this.#now() - Date.parse(`${day}T00:00:00Z`)) / 86_400_000);
    if (days <= maxAgeDays) return;
    const message =
      `The cassette ${this.path}: entries[${position}] was recorded on ${day}, ${days} days ago, past the ` +
      `cassette's maxAgeDays of ${maxAgeDays}. Record it again: remove the entry (or run standin cassettes prune) ` +
      `and run the test with STANDIN_CASSETTES=record-missing; or raise maxAgeDays.`;
    if (stale === 'fail') throw new StandinError('V0011', message);
    if (this.#warned.has(position)) return;
    this.#warned.add(position);
    process.emitWarning(message, { code: 'V0011' });
  }

  #prepare(entry: CassetteEntry, position: number): PreparedAnswer {
    const prepared = this.#prepareAnswer(entry, position);
    const gaps = entry.timing?.gapsMs.length ?? 0;
    // A misbehaving answer's parts are made when a call takes it: its recorded stream is not known here.
    const parts = prepared.misbehave === undefined ? prepared.parts.filter(isContent).length : Infinity;
    if (gaps > 0 && gaps >= parts) {
      const where = placeInFile(this.path, ['entries', position, 'timing', 'gapsMs']);
      throw new StandinError(
        'V0001',
        `The cassette ${this.path}: entries[${position}].timing.gapsMs lists ${gaps} gap${gaps === 1 ? '' : 's'}, ` +
          `and its answer streams ${parts} part${parts === 1 ? '' : 's'}: a gap goes between two parts, so at most ` +
          `${Math.max(0, parts - 1)}. ` +
          `Remove the gaps past them, or record the entry again with timing: true.` +
          `${where === '' ? '' : `\nThe gaps are at ${where}.`}`,
      );
    }
    return prepared;
  }

  #prepareAnswer(entry: CassetteEntry, position: number): PreparedAnswer {
    try {
      return prepareAnswer(entry.answer, {
        owner: `The cassette ${this.path}`,
        label: `entries[${position}].answer`,
        index: position,
        idPrefix: `call_${position}`,
      });
    } catch (error) {
      // The file was read and let go when the cassette loaded; an error here is rare enough to read it again.
      const where = placeInFile(this.path, ['entries', position, 'answer']);
      throw new StandinError('V0001', `${bareMessage(error)}${where === '' ? '' : `\nThe answer is at ${where}.`}`, {
        cause: error,
      });
    }
  }
}

function compareScopes(a: string, b: string): number {
  if (a === b) return 0;
  if (a === DEFAULT_SCOPE) return -1;
  if (b === DEFAULT_SCOPE) return 1;
  return a < b ? -1 : 1;
}
