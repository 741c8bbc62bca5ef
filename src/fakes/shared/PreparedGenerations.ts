/** The answers of each published generation, prepared once per process and kept for the calls that follow. */

import type { RedisCursorStore } from '../../services/cursors/RedisCursorStore.js';
import { prepareAnswer, type PreparedAnswer } from '../model/prepareAnswer.js';
import { unexpected } from './unexpectedReply.js';

/** How many generations' prepared answers a process keeps. */
const GENERATIONS_KEPT = 64;

/** Prepared answers by `model \0 gen`: the latest few, read once however many calls wait. */
export class PreparedGenerations {
  readonly #store: RedisCursorStore;
  /** Each generation's answers, prepared once per process: `model \0 gen` -> answers. */
  readonly #generations = new Map<string, readonly PreparedAnswer[]>();
  /** Each generation's answers being read: one read however many calls wait for it. */
  readonly #loading = new Map<string, Promise<readonly PreparedAnswer[]>>();

  constructor(store: RedisCursorStore) {
    this.#store = store;
  }

  /** The answers of a generation prepared already, if this process has them. */
  get(key: string): readonly PreparedAnswer[] | undefined {
    return this.#generations.get(key);
  }

  /** Reads and prepares one generation's answers: once per generation in each process, however many calls wait. */
  load(model: string, gen: string, owner: string, key: string): Promise<readonly PreparedAnswer[]> {
    let loading = this.#loading.get(key);
    if (loading === undefined) {
      const list = this.#store.keys.answers(model, gen);
      loading = this.#store.link.command(list, ['LRANGE', list, '0', '-1']).then((items) => {
        if (!Array.isArray(items)) throw unexpected('LRANGE');
        const answers = items.map((item, index) =>
          prepareAnswer(JSON.parse(String(item)), {
            owner,
            label: `answers[${index}]`,
            index,
            idPrefix: `call_${index}`,
          }),
        );
        this.remember(key, answers);
        return answers;
      });
      this.#loading.set(key, loading);
      const done = (): void => void this.#loading.delete(key);
      loading.then(done, done);
    }
    return loading;
  }

  remember(key: string, answers: readonly PreparedAnswer[]): void {
    // Bounded: a long test that fakes again and again keeps only its latest generations.
    if (this.#generations.size >= GENERATIONS_KEPT) this.#generations.delete(this.#generations.keys().next().value!);
    this.#generations.set(key, answers);
  }
}
