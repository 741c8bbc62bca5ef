import { randomUUID } from 'node:crypto';
import type { ServiceIdentifier } from 'inversify';
import { StandinError } from '../../errors/StandinError.js';
import {
  publishScript,
  readSentScript,
  takeAnswerScript,
  takeEntryScript,
} from '../../services/cursors/redis/sharedLua.js';
import { sharedModelScript } from '../../services/cursors/redis/redisKeys.js';
import type { RedisCursorStore } from '../../services/cursors/RedisCursorStore.js';
import type { CallContext, ReplyRequest } from '../../services/spec/Provider.js';
import type { ClassificationScriptEntry } from '../script/scriptEntry.js';
import type { Answers } from '../model/Answer.js';
import type { PreparedAnswer } from '../model/prepareAnswer.js';
import type { SentCall } from '../model/SentCall.js';
import type { SharedAnswers } from '../model/SharedAnswers.js';
import { PreparedGenerations } from './PreparedGenerations.js';
import { SharedRaised } from './SharedRaised.js';
import { nothingPublished, sharedStep, spent } from './sharedStep.js';
import { modelPublication, classifierPublication, hasWhen } from './publishable.js';
import { SHARED_SENT_LIMIT } from './sharedSentEntry.js';
import { SharedSent, type SentNote } from './SharedSent.js';
import type { Taker } from './Taker.js';
import { unexpected } from './unexpectedReply.js';
import { requestTexts } from '../model/matchWhen.js';
import { noMatch, storeCall } from '../model/takeAnswer.js';

/** How many times one step reads a generation that chooses by when before it gives up: one per publication racing it. */
const READS_PER_STEP = 3;

/** The shared scripts of a test container in a namespace. */
export const SharedScriptsToken = Symbol.for('standin/internal/SharedScripts') as ServiceIdentifier<SharedScripts>;

/** What a shared classifier step gave: an entry's JSON, a retry hint, or the script's end. */
export type SharedEntry =
  | { readonly gen: string; readonly kind: 'entry'; readonly json: string }
  | { readonly gen: string; readonly kind: 'retry' }
  | { readonly gen: string; readonly kind: 'exhausted'; readonly count: number };

/**
 * The scripts a namespace shares, for one container: one Lua round trip per faked call reads the published script,
 * takes the step and records the call. Publishing is asynchronous; this container's calls and `app.ready()` wait for
 * it, before a test lets another process call.
 */
export class SharedScripts {
  readonly store: RedisCursorStore;
  /** Each generation's answers, prepared once per process. */
  readonly #generations: PreparedGenerations;
  /** Publications in the order they were asked for: a later one must land after an earlier one. */
  #tail: Promise<void> = Promise.resolve();
  /** How many publications have not settled: none, and a call need not wait for the tail. */
  #publishing = 0;
  #failure: unknown;
  /** The generation this container published last, per script (a model's name, '' the classifier's). */
  readonly #mine = new Map<string, string>();

  constructor(store: RedisCursorStore) {
    this.store = store;
    this.#generations = new PreparedGenerations(store);
  }

  /** Waits for every publication asked for so far; rejects with the first that failed. */
  async ready(): Promise<void> {
    await this.store.ready();
    await this.#published();
  }

  /** Publishes a model's answers as a new generation (`D0006` for what cannot cross a process). */
  publishModel(model: string, answers: Answers, owner: string, prepared?: readonly PreparedAnswer[]): SharedAnswers {
    const items = modelPublication(answers, owner);
    const gen = randomUUID();
    this.#mine.set(model, gen);
    if (prepared !== undefined) this.#generations.remember(`${model}\u0000${gen}`, prepared);
    const matching = prepared?.some((answer) => answer.matcher !== undefined) ?? items.some(hasWhen);
    const keys = this.store.keys;
    this.#publish(() =>
      this.store.link.script(
        publishScript,
        [keys.fake(model), keys.answers(model, gen)],
        [gen, this.store.ttl, matching ? '1' : '0', ...items],
      ),
    );
    // The publishing process knows the generation's answers: its first step reads nothing.
    const last = prepared === undefined ? undefined : { gen, answers: prepared };
    return this.#source(model, sharedModelScript(model, gen), gen, last);
  }

  /** The source a container's stand-in for `model` consults: whatever generation is published now. */
  follower(model: string): SharedAnswers {
    return this.#source(model, undefined, undefined);
  }

  /** Publishes a classifier script (`D0006` for what cannot cross a process), and answers its generation. */
  publishClassifier(script: readonly ClassificationScriptEntry[]): string {
    const items = classifierPublication(script);
    const gen = randomUUID();
    this.#mine.set('', gen);
    const keys = this.store.keys;
    this.#publish(() =>
      this.store.link.script(publishScript, [keys.classifier, keys.entries(gen)], [gen, this.store.ttl, '0', ...items]),
    );
    return gen;
  }

  /** The classifier's recorded errors: of generation `gen`, or of the one published now. */
  classifierRaised(gen: string | undefined): SharedRaised {
    const keys = this.store.keys;
    return new SharedRaised(this.store, { head: keys.classifier, key: `${keys.prefix}raised::` }, gen, () =>
      this.#mine.get(''),
    );
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

  /** Runs `write` after every publication asked for so far: `ready()` waits for it too (a fake tool's). */
  publishWith(write: () => Promise<unknown>): void {
    this.#publish(write);
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

  #source(model: string, script: string | undefined, gen: string | undefined, last?: Taker['last']): SharedAnswers {
    const view = new SharedSent(SHARED_SENT_LIMIT);
    const keys = this.store.keys;
    const head = keys.fake(model);
    const source = { head, key: `${keys.prefix}raised:${keys.scope(model)}:` };
    const raised = new SharedRaised(this.store, source, gen, () => this.#mine.get(model));
    const gens = new WeakMap<CallContext, string>();
    const taker: Taker = { model, head: [head], encoded: keys.scope(model), view, last, gens };
    return {
      script,
      take: (request, context, owner, noted) => this.#take(taker, request, context, owner, noted),
      note: (call) => view.note(call),
      unrecorded: (noted) => view.recorded(noted, Infinity),
      get sent() {
        return view.calls;
      },
      sync: () => this.#sync(model, gen, view),
      record: (noted, context) => raised.record(noted, gens.get(context)),
      raised: () => raised.read(),
      forget: () => {
        view.clear();
        raised.forget();
      },
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
    let last = taker.last;
    let reply: unknown;
    try {
      if (this.#publishing > 0 || this.#failure !== undefined) await storeCall(this.#published(), context);
      // A generation that chooses by when is read before a step takes from it: at most once more per new generation.
      for (let tries = 0; ; tries++) {
        reply = await sharedStep(this.store, taker, request, context, noted, last);
        if (!Array.isArray(reply) || reply[1] !== 'read' || tries === READS_PER_STEP) break;
        const gen = String(reply[0]);
        last = { gen, answers: await this.#answers(model, gen, owner, context) };
        taker.last = last;
      }
    } finally {
      // {} is nothing published, so nothing recorded; no reply at all leaves it unknown.
      view.recorded(noted, Array.isArray(reply) ? (reply.length >= 3 ? Number(reply.at(-1)) : Infinity) : undefined);
    }
    if (!Array.isArray(reply) || reply.length === 2) throw unexpected(takeAnswerScript.name);
    if (reply.length === 0) throw nothingPublished(this.store.space, model, context);
    const known = reply.length === 3 ? last : undefined;
    if (known === undefined && reply.length !== 4) throw unexpected(takeAnswerScript.name);
    const gen = known?.gen ?? String(reply[0]);
    taker.gens.set(context, gen);
    const index = Number(reply.at(-3));
    const count = Number(reply.at(-2));
    if (index < 0 && -1 - index < count) {
      const answers = known?.answers ?? (await this.#answers(model, gen, owner, context));
      const taken = new Set(await storeCall(this.store.taken(context.scope, sharedModelScript(model, gen)), context));
      throw noMatch({ owner, root: 'answers', answers }, taken, requestTexts(request, context.modelName), context);
    }
    if (index >= count || index < 0) throw spent(this.store.space, owner, count, index, context);
    let answers: readonly PreparedAnswer[];
    if (known !== undefined) answers = known.answers;
    else {
      answers = await this.#answers(model, gen, owner, context);
      taker.last = { gen, answers };
    }
    const prepared = answers[index];
    if (prepared === undefined) throw unexpected(`the answers of '${model}'`);
    return prepared;
  }

  /** A generation's answers, prepared: once per process. */
  #answers(model: string, gen: string, owner: string, context: CallContext): Promise<readonly PreparedAnswer[]> {
    const key = `${model}\u0000${gen}`;
    const known = this.#generations.get(key);
    return known !== undefined
      ? Promise.resolve(known)
      : storeCall(this.#generations.load(model, gen, owner, key), context);
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
}
