import { randomUUID } from 'node:crypto';
import type { ServiceIdentifier } from 'inversify';
import { StandinError } from '../../errors/StandinError.js';
import {
  publishScript,
  readSentScript,
  takeAnswerScript,
  takeEntryScript,
} from '../../services/cursors/redis/luaScripts.js';
import { sharedModelScript } from '../../services/cursors/redis/redisKeys.js';
import { StoreFailure } from '../../services/cursors/redis/StoreFailure.js';
import type { RedisCursorStore } from '../../services/cursors/RedisCursorStore.js';
import type { CallContext, ReplyRequest } from '../../services/spec/Provider.js';
import { DEFAULT_SCOPE } from '../../services/scopes/Scopes.js';
import type { ClassificationScriptEntry } from '../script/scriptEntry.js';
import type { Answers } from '../model/Answer.js';
import { prepareAnswer, type PreparedAnswer } from '../model/prepareAnswer.js';
import type { SentCall } from '../model/SentCall.js';
import type { SharedAnswers } from '../model/SharedAnswers.js';
import { callFailure, storeCall } from '../model/storeCall.js';
import { SharedSent, type SentNote } from './SharedSent.js';
import { modelPublication, classifierPublication } from './publishable.js';

/** The shared scripts of a test container in a namespace. */
export const SharedScriptsToken = Symbol.for('standin/internal/SharedScripts') as ServiceIdentifier<SharedScripts>;

/** How many of a faked model's calls the namespace keeps for `sent`: the latest ones. */
export const SHARED_SENT_LIMIT = 1_000;
/** How many generations' prepared answers a process keeps. */
const GENERATIONS_KEPT = 64;
/** The largest sent entry kept whole, in bytes of JSON; a larger one keeps only its size. */
export const SHARED_SENT_ENTRY_BYTES = 1_048_576;

/** What a shared classifier step gave: an entry's JSON, a retry hint, or the script's end. */
export type SharedEntry =
  | { readonly gen: string; readonly kind: 'entry'; readonly json: string }
  | { readonly gen: string; readonly kind: 'retry' }
  | { readonly gen: string; readonly kind: 'exhausted'; readonly count: number };

/**
 * The scripts a namespace shares, for one test container: `app.fake` and `app.fakeClassifier`
 * publish through it, and every faked call of the container takes its answer through it, in one
 * Lua round trip that reads the published script, takes the step's index in the call's scope
 * (replayed for a step seen before) and records the call. Publishing is asynchronous; calls of
 * this container wait for its publications, and `await app.ready()` waits for them too, before a
 * test lets another process call.
 *
 * @example
 * ```ts
 * const shared = new SharedScripts(store);
 * const writer = shared.publishModel('writer', [{ text: 'Hi' }], "app.fake('writer', answers)");
 * await shared.ready();
 * ```
 */
export class SharedScripts {
  readonly store: RedisCursorStore;
  /** Each generation's answers, prepared once per process: `model \0 gen` -> answers. */
  readonly #generations = new Map<string, readonly PreparedAnswer[]>();
  /** Each generation's answers being read: one read however many calls wait for it. */
  readonly #loading = new Map<string, Promise<readonly PreparedAnswer[]>>();
  /** Publications in the order they were asked for: a later one must land after an earlier one. */
  #tail: Promise<void> = Promise.resolve();
  /** How many publications have not settled: none, and a call need not wait for the tail. */
  #publishing = 0;
  #failure: unknown;

  constructor(store: RedisCursorStore) {
    this.store = store;
  }

  /** Waits for every publication asked for so far; rejects with the first that failed. */
  async ready(): Promise<void> {
    await this.store.ready();
    await this.#published();
  }

  /**
   * Publishes a faked model's answers as a new generation of its script (checked for data form,
   * `D0006`), and answers the source a fake of that generation consults.
   */
  publishModel(model: string, answers: Answers, owner: string, prepared?: readonly PreparedAnswer[]): SharedAnswers {
    const items = modelPublication(answers, owner);
    const gen = randomUUID();
    if (prepared !== undefined) this.#remember(`${model}\u0000${gen}`, prepared);
    const keys = this.store.keys;
    this.#publish(() =>
      this.store.link.script(
        publishScript,
        [keys.fake(model), keys.answers(model, gen)],
        [gen, this.store.ttl, ...items],
      ),
    );
    return this.#source(model, sharedModelScript(model, gen), gen);
  }

  /** The source a container's stand-in for `model` consults: whatever generation is published now. */
  follower(model: string): SharedAnswers {
    return this.#source(model, undefined, undefined);
  }

  /** Publishes a classifier script (`D0006` for what cannot cross a process), and answers its generation. */
  publishClassifier(script: readonly ClassificationScriptEntry[]): string {
    const items = classifierPublication(script);
    const gen = randomUUID();
    const keys = this.store.keys;
    this.#publish(() =>
      this.store.link.script(publishScript, [keys.classifier, keys.entries(gen)], [gen, this.store.ttl, ...items]),
    );
    return gen;
  }

  /** The shared classifier's next entry in `scope`, taken in one round trip. */
  async takeEntry(scope: string): Promise<SharedEntry> {
    await this.#published();
    const keys = this.store.keys;
    const reply = await this.store.link.script(
      takeEntryScript,
      [keys.classifier],
      [keys.prefix, keys.scope(scope), this.store.ttl],
    );
    if (!Array.isArray(reply)) throw unexpected(takeEntryScript.name);
    if (reply.length === 0) {
      throw new StandinError(
        'D0007',
        `No process of namespace '${this.store.space}' has scripted the classifier. Call app.fakeClassifier(script) ` +
          `in any process of the namespace, then await app.ready(), before the app classifies.`,
      );
    }
    const [gen, kind, rest] = reply.map(String) as [string, string, string | undefined];
    if (kind === 'entry') return { gen, kind, json: rest ?? '' };
    if (kind === 'retry') return { gen, kind };
    return { gen, kind: 'exhausted', count: Number(rest) };
  }

  async #published(): Promise<void> {
    if (this.#publishing > 0) await this.#tail;
    if (this.#failure !== undefined) {
      const failure = this.#failure;
      this.#failure = undefined;
      throw failure;
    }
  }

  #publish(write: () => Promise<unknown>): void {
    this.#publishing++;
    this.#tail = this.#tail.then(write).then(
      () => {
        this.#publishing--;
      },
      (error: unknown) => {
        this.#publishing--;
        this.#failure ??= error;
      },
    );
  }

  #source(model: string, script: string | undefined, gen: string | undefined): SharedAnswers {
    const view = new SharedSent(SHARED_SENT_LIMIT);
    const keys = this.store.keys;
    const taker: Taker = { model, head: [keys.fake(model)], encoded: keys.scope(model), view, last: undefined };
    return {
      script,
      take: (request, context, owner, noted) => this.#take(taker, request, context, owner, noted),
      note: (call) => view.note(call),
      unrecorded: (noted) => view.recorded(noted, Infinity),
      get sent() {
        return view.calls;
      },
      sync: () => this.#sync(model, gen, view),
      forget: () => view.clear(),
    };
  }

  async #take(
    taker: Taker,
    request: ReplyRequest,
    context: CallContext,
    owner: string,
    noted: SentNote,
  ): Promise<PreparedAnswer> {
    const { model, view } = taker;
    // The generation this source last answered from, as the script is told: it answers three numbers when it is still
    // the one published.
    const last = taker.last;
    let reply: unknown;
    try {
      if (this.#publishing > 0 || this.#failure !== undefined) await storeCall(this.#published(), context);
      const keys = this.store.keys;
      const args = [
        keys.prefix,
        taker.encoded,
        keys.scope(context.scope),
        context.stepKey,
        this.store.ttl,
        sentEntry(noted.call),
        SENT_LIMIT_ARG,
        last?.gen ?? '',
      ];
      try {
        reply = await this.store.link.script(takeAnswerScript, taker.head, args);
      } catch (error) {
        throw callFailure(error, context);
      }
    } finally {
      // {} is nothing published, so nothing recorded; no reply at all leaves it unknown.
      view.recorded(noted, Array.isArray(reply) ? (reply.length >= 3 ? Number(reply.at(-1)) : Infinity) : undefined);
    }
    if (!Array.isArray(reply)) throw unexpected(takeAnswerScript.name);
    if (reply.length === 0) {
      throw new StandinError(
        'D0007',
        `Model '${context.modelName}' has no answers published in namespace '${this.store.space}'. Fake it in any ` +
          `process of the namespace: app.fake('${model}', answers), then await app.ready(), before the app calls it.`,
      );
    }
    const known = reply.length === 3 ? last : undefined;
    if (known === undefined && reply.length !== 4) throw unexpected(takeAnswerScript.name);
    const gen = known?.gen ?? String(reply[0]);
    const index = Number(reply.at(-3));
    const count = Number(reply.at(-2));
    if (index >= count) {
      const where = context.scope === DEFAULT_SCOPE ? '' : ` in scope '${context.scope}'`;
      throw new StandinError(
        'T0013',
        `${owner}: model '${context.modelName}' was faked with ${count} answer${count === 1 ? '' : 's'} in namespace ` +
          `'${this.store.space}', and call ${index + 1} ran past them (step '${context.stepKey}'${where}). Add an ` +
          `answer for it, or find why the app asks the model more often than the test expects.`,
      );
    }
    let answers: readonly PreparedAnswer[];
    if (known !== undefined) answers = known.answers;
    else {
      const key = `${model}\u0000${gen}`;
      answers = this.#generations.get(key) ?? (await storeCall(this.#load(model, gen, owner, key), context));
      taker.last = { gen, answers };
    }
    const prepared = answers[index];
    if (prepared === undefined) throw unexpected(`the answers of '${model}'`);
    return prepared;
  }

  /** Reads what the namespace recorded of the fake's generation (or the one published now) into its view. */
  async #sync(model: string, gen: string | undefined, view: SharedSent): Promise<void> {
    await this.#published();
    const keys = this.store.keys;
    const reply = await this.store.link.script(
      readSentScript,
      [keys.fake(model)],
      [keys.sent(model, ''), gen ?? '', String(SHARED_SENT_LIMIT)],
    );
    if (!Array.isArray(reply)) throw unexpected(readSentScript.name);
    // This process's calls recorded before the read are in it: wait to learn their numbers.
    await view.settled();
    if (reply.length === 0) return view.replace([], 0);
    const [, seq, entries] = reply as [unknown, unknown, unknown];
    if (!Array.isArray(entries)) throw unexpected(readSentScript.name);
    view.replace(
      entries.map((entry) => JSON.parse(String(entry)) as SentCall),
      Number(seq),
    );
  }

  /** Reads and prepares one generation's answers: once per generation in each process, however many calls wait. */
  #load(model: string, gen: string, owner: string, key: string): Promise<readonly PreparedAnswer[]> {
    let loading = this.#loading.get(key);
    if (loading === undefined) {
      const list = this.store.keys.answers(model, gen);
      loading = this.store.link.command(list, ['LRANGE', list, '0', '-1']).then((items) => {
        if (!Array.isArray(items)) throw unexpected('LRANGE');
        const answers = items.map((item, index) =>
          prepareAnswer(JSON.parse(String(item)), {
            owner,
            label: `answers[${index}]`,
            index,
            idPrefix: `call_${index}`,
          }),
        );
        this.#remember(key, answers);
        return answers;
      });
      this.#loading.set(key, loading);
      const done = (): void => void this.#loading.delete(key);
      loading.then(done, done);
    }
    return loading;
  }

  #remember(key: string, answers: readonly PreparedAnswer[]): void {
    // Bounded: a long test that fakes again and again keeps only its latest generations.
    if (this.#generations.size >= GENERATIONS_KEPT) this.#generations.delete(this.#generations.keys().next().value!);
    this.#generations.set(key, answers);
  }
}

/**
 * What the calls of one faked model's source take their answers with: its keys, made once, and the generation it last
 * read.
 */
interface Taker {
  readonly model: string;
  /** The model's published head, the one key the step script is given. */
  readonly head: readonly [string];
  /** The model's name as key names hold it. */
  readonly encoded: string;
  readonly view: SharedSent;
  /**
   * The generation the last call answered from, and its prepared answers: a step of the same generation looks nothing
   * up.
   */
  last: { readonly gen: string; readonly answers: readonly PreparedAnswer[] } | undefined;
}

/** The most sent entries kept, as the step script takes it. */
const SENT_LIMIT_ARG = String(SHARED_SENT_LIMIT);

/** A sent call as the namespace keeps it: its JSON, or only the size of a request too large to keep. */
function sentEntry(call: SentCall): string {
  const json = JSON.stringify(call);
  // Three bytes per UTF-16 unit at most: most entries need no exact count.
  if (json.length * 3 <= SHARED_SENT_ENTRY_BYTES || Buffer.byteLength(json) <= SHARED_SENT_ENTRY_BYTES) return json;
  const omitted =
    `a request of ${Buffer.byteLength(json)} bytes of JSON, over the ${SHARED_SENT_ENTRY_BYTES} a ` +
    `shared sent entry keeps`;
  const input = call.call === 'reply' ? { model: call.input.model, messages: [], omitted } : { omitted };
  return JSON.stringify({ call: call.call, input, scope: call.scope, step: call.step, attempt: call.attempt });
}

function unexpected(what: string): StoreFailure {
  return new StoreFailure(
    'D0005',
    `Redis answered ${what} with a reply of an unexpected shape. Another program may have written under the store's ` +
      `prefix: give standin a namespace of its own.`,
  );
}
