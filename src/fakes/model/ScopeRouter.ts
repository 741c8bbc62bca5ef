import { StandinError } from '../../errors/StandinError.js';
import type { CallContext, HearInput, Provider, ReplyPart, ReplyRequest } from '../../services/spec/Provider.js';
import { DEFAULT_SCOPE } from '../../services/scopes/Scopes.js';

/**
 * Stands in for one model when a test gave some scopes scripts of their own
 * (`app.scope('req-1').fake('writer', answers)`): a call in such a scope goes to that scope's
 * fake; a call in any other scope goes to the fake for every scope (`app.fake`), or fails with
 * `T0041` when there is none — never on to the real provider, which the guard would not see.
 *
 * @example
 * ```ts
 * const router = new ScopeRouter('writer');
 * router.scoped.set('req-1', fake);
 * ```
 */
export class ScopeRouter implements Provider {
  readonly real = false;
  /** The model routed. */
  readonly model: string;
  /** The fake for every scope without a script of its own: `app.fake`'s. */
  base: Provider | undefined;
  /** Each scope's own fake. */
  readonly scoped = new Map<string, Provider>();

  constructor(model: string, base: Provider | undefined) {
    this.model = model;
    this.base = base;
  }

  async *reply(request: ReplyRequest, context: CallContext): AsyncGenerator<ReplyPart, void, undefined> {
    yield* this.#pick(context).reply(request, context);
  }

  embed(text: string, context: CallContext): Promise<readonly number[]> {
    return this.#other(context, 'embed').embed!(text, context);
  }

  hear(input: HearInput, context: CallContext): Promise<{ readonly text: string }> {
    return this.#other(context, 'hear').hear!(input, context);
  }

  speak(text: string, context: CallContext): Promise<Uint8Array> {
    return this.#other(context, 'speak').speak!(text, context);
  }

  rank(query: string, texts: readonly string[], context: CallContext): Promise<readonly number[]> {
    return this.#other(context, 'rank').rank!(query, texts, context);
  }

  call(input: unknown, context: CallContext): Promise<unknown> {
    return this.#other(context, 'call').call!(input, context);
  }

  #other(context: CallContext, capability: 'embed' | 'hear' | 'speak' | 'rank' | 'call'): Provider {
    const provider = this.#pick(context);
    if (typeof provider[capability] !== 'function') {
      throw new StandinError('E0004', `Model '${this.model}' cannot ${capability}: the fake that answers it offers no ${capability}.`);
    }
    return provider;
  }

  #pick(context: CallContext): Provider {
    const provider = this.scoped.get(context.scope) ?? this.base;
    if (provider !== undefined) return provider;
    const where = context.scope === DEFAULT_SCOPE ? 'outside any scope' : `in scope '${context.scope}'`;
    const scripted = [...this.scoped.keys()].map((scope) => `'${scope}'`).join(', ');
    throw new StandinError(
      'T0041',
      `Model '${this.model}' is faked for scope${this.scoped.size === 1 ? '' : 's'} ${scripted} only, and was called ${where}. Fake it for this scope too (app.scope('${context.scope || 'name'}').fake('${this.model}', answers)), or for every other scope (app.fake('${this.model}', answers)).`,
    );
  }
}
