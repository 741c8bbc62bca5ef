import type { Answers } from '../fakes/model/Answer.js';
import { FakeModel } from '../fakes/model/FakeModel.js';
import type { PendingAnswer } from '../fakes/model/SentCall.js';
import type { Clock } from '../services/clock/Clock.js';
import type { CursorStore } from '../services/cursors/CursorStore.js';
import { plainCapabilities, serve, specOf } from '../services/capabilities/capabilities.js';
import type { CallContext, Provider, ReplyPart, ReplyRequest } from '../services/spec/Provider.js';
import { DEFAULT_SCOPE } from '../services/scopes/Scopes.js';
import { WireError } from './WireError.js';
import { Gates } from '../fakes/gates/Gates.js';
import { ownRecord } from './ownRecord.js';

/** A wire server's scripted models, one fake per model id and scope, so each call reaches its scope's fake. */
export class ScriptBook {
  readonly #store: CursorStore;
  readonly #clock: Clock;
  readonly #shared = new Map<string, FakeModel>();
  readonly #scoped = new Map<string, Map<string, FakeModel>>();

  readonly #sentLimit: number;
  readonly #sentBytes: number;
  readonly #gates: Gates;
  #key = '';

  constructor(store: CursorStore, clock: Clock, sentLimit: number, sentBytes: number, gates = new Gates()) {
    this.#gates = gates;
    this.#store = store;
    this.#clock = clock;
    this.#sentLimit = sentLimit;
    this.#sentBytes = sentBytes;
  }

  /** Scripts `model` for every scope (`scope` left out) or for one scope, replacing its earlier script there. */
  fake(model: string, answers: Answers, scope?: string): FakeModel {
    const fake = new FakeModel(answers, {
      model,
      store: this.#store,
      clock: this.#clock,
      sentLimit: this.#sentLimit,
      sentBytes: this.#sentBytes,
      gates: this.#gates,
    });
    if (scope === undefined) this.#shared.set(model, fake);
    else {
      let fakes = this.#scoped.get(scope);
      if (fakes === undefined) this.#scoped.set(scope, (fakes = new Map()));
      fakes.set(model, fake);
    }
    this.#key = this.models().join('\u0000');
    return fake;
  }

  /** The fake that answers `model` in `scope`: the scope's own, else the shared one. */
  find(scope: string, model: string): FakeModel | undefined {
    return this.#scoped.get(scope)?.get(model) ?? this.#shared.get(model);
  }

  /** The model ids scripted in `scope` (its own and the shared ones), or in any scope. */
  models(scope?: string): string[] {
    const own =
      scope === undefined
        ? [...this.#scoped.values()].flatMap((fakes) => [...fakes.keys()])
        : [...(this.#scoped.get(scope)?.keys() ?? [])];
    return [...new Set([...this.#shared.keys(), ...own])].sort();
  }

  /** The model ids scripted for `scope` alone (not the defaults every scope starts from). */
  own(scope: string): string[] {
    return [...(this.#scoped.get(scope)?.keys() ?? [])].sort();
  }

  /** The model ids scripted for every scope: the defaults each scope starts from. */
  get defaults(): string[] {
    return [...this.#shared.keys()].sort();
  }

  /**
   * The answers not given yet in `scope`, per model id, of `models` (each scripted there; models with none left out).
   */
  async pending(scope: string, models: Iterable<string>): Promise<Record<string, readonly PendingAnswer[]>> {
    const found = ownRecord<readonly PendingAnswer[]>();
    for (const model of [...new Set(models)].sort()) {
      const fake = this.find(scope, model);
      if (fake === undefined) continue;
      const unused = await fake.pending(scope);
      if (unused.length > 0) found[model] = unused;
    }
    return found;
  }

  /** Forgets the scripts of `scope`, or of every scope; the scripts shared by all scopes stay. */
  forget(scope?: string): void {
    if (scope !== undefined) this.#scoped.delete(scope);
    else this.#scoped.clear();
    this.#key = this.models().join('\u0000');
  }

  /** Forgets the scripts every scope starts from (the defaults); the scripts of single scopes stay. */
  forgetDefaults(): void {
    this.#shared.clear();
    this.#key = this.models().join('\u0000');
  }

  /** The model ids scripted in any scope, as one key: it changes when, and only when, that set does. */
  get key(): string {
    return this.#key;
  }

  /** The scopes whose own scripts serve `model`, sorted. */
  scopesScripting(model: string): string[] {
    return [...this.#scoped]
      .filter(([, fakes]) => fakes.has(model))
      .map(([scope]) => scope)
      .sort();
  }

  /** Every fake of the book, under the model id it serves: the defaults, then each scope's own. */
  get sources(): { readonly model: string; readonly fake: FakeModel }[] {
    const own = [...this.#scoped.values()].flatMap((fakes) => [...fakes]);
    return [...this.#shared, ...own].map(([model, fake]) => ({ model, fake }));
  }

  /** The scopes that have scripts of their own. */
  get scopes(): string[] {
    return [...this.#scoped.keys()];
  }

  /** The provider every model of the app uses: it hands each call to the fake of its scope and model. */
  readonly provider: Provider = this.#provider();

  #provider(): Provider {
    const provider: { -readonly [K in keyof Provider]: Provider[K] } = {
      reply: (request: ReplyRequest, context: CallContext): AsyncIterable<ReplyPart> =>
        this.#for(context).reply(request, context),
    };
    for (const name of plainCapabilities) {
      provider[name] = serve(name, (args, context) =>
        specOf(name).invoke(this.#for(context) as Provider, args, context),
      ) as never;
    }
    return provider;
  }

  #for(context: CallContext): FakeModel {
    // The server checks the model before it calls; a script forgotten meanwhile answers as an unknown model would.
    const fake = this.find(context.scope, context.modelName) ?? this.find(DEFAULT_SCOPE, context.modelName);
    if (fake === undefined) {
      throw new WireError(
        'W0003',
        404,
        `No script serves model '${context.modelName}' in this scope any more: it was reset while the request ran. ` +
          `Load its script again.`,
        { type: 'not_found_error', code: 'model_not_found', param: 'model' },
      );
    }
    return fake;
  }
}
