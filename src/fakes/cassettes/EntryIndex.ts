import type { CassetteCall, CassetteEntry } from './cassetteSchema.js';
import { diffSize } from './lineDiff.js';
import type { NormalizedRequest } from './normalizeRequest.js';
import { requestKey } from './requestKey.js';
import { stableJson } from './stableJson.js';
import { compileWhen, requestTexts, type Matcher } from '../model/matchWhen.js';
import type { SentReplyRequest } from '../model/sentRequest.js';

/** How many recorded requests the nearest-request search compares at most: a miss stays quick. */
const NEAREST_LIMIT = 200;

/**
 * Finds recordings by the canonical content of the normalized request (as `hashScript` reads it), so key order and hand
 * edits that keep the content do not matter. A scope's nth call of a request gets its nth recording, so parallel scopes
 * each replay from the first.
 */
export class EntryIndex {
  readonly #byKey = new Map<string, number[]>();
  readonly #counts = new Map<string, number>();
  /** The entries by position. */
  readonly #entries: CassetteEntry[] = [];
  /**
   * The entries by their request's last text ({@link lastText}): those not keyed yet, or null once they are. A lookup
   * keys only the entries of its own last text, as no other can share its key; an entry added under a keyed text is
   * keyed at once.
   */
  readonly #byText = new Map<string, number | number[] | null>();
  /** Per model, the reply entries written with a `when`, in file order. */
  readonly #matching = new Map<string, { readonly position: number; readonly matcher: Matcher }[]>();
  /** Per scope, the entries with a `when` it took. */
  readonly #taken = new Map<string, Set<number>>();
  /** What the keys read of a request: the model id as the cassette's `modelIds` matches it. */
  readonly #keyed: (request: NormalizedRequest) => NormalizedRequest;

  constructor(keyed: (request: NormalizedRequest) => NormalizedRequest = (request) => request) {
    this.#keyed = keyed;
  }

  /**
   * The key of a call: model (or fallback index), call and the request's canonical content, kept whole as a map key
   * needs no digest.
   */
  key(model: string | undefined, call: CassetteCall, request: NormalizedRequest, fallback?: number): string {
    const text = lastText(request);
    const unkeyed = this.#byText.get(text);
    if (unkeyed !== null) {
      this.#byText.set(text, null);
      if (typeof unkeyed === 'number') this.#keyOne(unkeyed);
      else if (unkeyed !== undefined) for (const position of unkeyed) this.#keyOne(position);
    }
    return `${keyStart(model, call, fallback)}${requestKey(this.#keyed(request))}`;
  }

  /** Adds the entry at `position` of the file, after every entry added before it with the same key. */
  add(position: number, entry: CassetteEntry): void {
    this.#entries[position] = entry;
    if (entry.request === undefined) {
      // An entry written by hand with a when: read by the model, after the entries of the very request.
      const matcher = compileWhen(entry.when!, `entries[${position}]`);
      if (typeof matcher === 'string') return;
      const list = this.#matching.get(entry.model!);
      if (list === undefined) this.#matching.set(entry.model!, [{ position, matcher }]);
      else list.push({ position, matcher });
      return;
    }
    const text = lastText(entry.request);
    const unkeyed = this.#byText.get(text);
    if (unkeyed === null) this.#keyOne(position);
    // Most texts are asked once: a lone position is kept as itself, not in a list.
    else if (unkeyed === undefined) this.#byText.set(text, position);
    else if (typeof unkeyed === 'number') this.#byText.set(text, [unkeyed, position]);
    else unkeyed.push(position);
  }

  #keyOne(position: number): void {
    const entry = this.#entries[position]!;
    const key = `${keyStart(entry.model, entry.call, entry.fallback)}${requestKey(this.#keyed(entry.request!))}`;
    const list = this.#byKey.get(key);
    if (list === undefined) this.#byKey.set(key, [position]);
    else list.push(position);
  }

  /** How many entries of `model` written with a `when` there are, and how many of them `scope` took. */
  matchingOf(scope: string, model: string): { readonly entries: number; readonly taken: number } {
    const list = this.#matching.get(model) ?? [];
    const taken = this.#taken.get(scope);
    return { entries: list.length, taken: list.filter((entry) => taken?.has(entry.position) === true).length };
  }

  /**
   * For a reply with no recording of its very request left: the first untaken entry with a matching `when`, taken now.
   */
  takeMatching(scope: string, model: string, request: NormalizedRequest): number | undefined {
    const list = this.#matching.get(model);
    if (list === undefined) return undefined;
    const texts = requestTexts(request as unknown as SentReplyRequest, model);
    let taken = this.#taken.get(scope);
    for (const { position, matcher } of list) {
      if (taken?.has(position) === true || !matcher.matches(texts)) continue;
      if (taken === undefined) this.#taken.set(scope, (taken = new Set()));
      taken.add(position);
      return position;
    }
    return undefined;
  }

  /** Forgets what `scope` took, now closed: the same scope used again starts from the first recording. */
  close(scope: string): void {
    this.#taken.delete(scope);
    const prefix = `${scope}\u0000`;
    for (const counter of this.#counts.keys()) if (counter.startsWith(prefix)) this.#counts.delete(counter);
  }

  /** The position of the nth recording of `key`, from 0. */
  at(key: string, n: number): number | undefined {
    return this.#byKey.get(key)?.[n];
  }

  /** How many recordings of `key` there are. */
  count(key: string): number {
    return this.#byKey.get(key)?.length ?? 0;
  }

  /**
   * Counts one more call of `key` in `scope` and answers the position of its recording, or undefined when there are
   * fewer.
   */
  take(
    scope: string,
    key: string,
  ): { readonly position: number | undefined; readonly count: number; readonly recorded: number } {
    const counter = `${scope}\u0000${key}`;
    const n = this.#counts.get(counter) ?? 0;
    this.#counts.set(counter, n + 1);
    const list = this.#byKey.get(key);
    return { position: list?.[n], count: n + 1, recorded: list?.length ?? 0 };
  }

  /** The entry whose request is nearest (fewest lines differ), same call, the same model first. */
  nearest(
    model: string | undefined,
    call: CassetteCall,
    request: NormalizedRequest,
  ): { readonly position: number; readonly entry: CassetteEntry } | undefined {
    const wanted = stableJson(request);
    const same = [...this.#entries.entries()].filter(
      ([, entry]) => entry !== undefined && entry.call === call && entry.request !== undefined,
    );
    const pool = same.some(([, entry]) => entry.model === model)
      ? same.filter(([, entry]) => entry.model === model)
      : same;
    let best: { position: number; entry: CassetteEntry; size: number } | undefined;
    for (const [position, entry] of pool.slice(0, NEAREST_LIMIT)) {
      const size = diffSize(stableJson(entry.request!), wanted);
      if (best === undefined || size < best.size) best = { position, entry, size };
    }
    return best === undefined ? undefined : { position: best.position, entry: best.entry };
  }
}

/** The start of the keys of a model (for classify, none, or the fallback classifier's index) and a call. */
function keyStart(model: string | undefined, call: CassetteCall, fallback: number | undefined): string {
  return `${model ?? (fallback === undefined ? '' : `\u0001${fallback}`)}\u0000${call}\u0000`;
}

/** The fields whose text tells most requests apart: a reply's last message, an embed's or a speak's text, ... */
const TEXT_FIELDS = ['text', 'query', 'prompt', 'input'] as const;

/**
 * The text a request's key is bucketed by: its last message's content when that is a text, else the first text field
 * it has, else ''. Equal keys mean equal requests, so equal texts; the model-id matching changes only `settings`,
 * which this does not read.
 */
function lastText(request: NormalizedRequest): string {
  const messages = request.messages;
  if (Array.isArray(messages)) {
    const content: unknown = (messages[messages.length - 1] as { content?: unknown } | undefined)?.content;
    return typeof content === 'string' ? content : '';
  }
  for (const field of TEXT_FIELDS) {
    const text = request[field];
    if (typeof text === 'string') return text;
  }
  return '';
}
