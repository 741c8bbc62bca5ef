import { type StandinError } from '../../errors/StandinError.js';
import type { Layer } from './Layer.js';

/** What a slot needs to know of its services: whether one offers a capability, and whether it is real. */
export interface SlotKind<S extends object> {
  /** What the slot stands in for, in messages: `Model 'writer'`, `The classifier`. */
  readonly subject: string;
  /** Whether `service` can take a call of `capability`. */
  offers(service: S, capability: string): boolean;
  /** Whether `service` reaches a real provider. */
  real(service: S): boolean;
  /** The error for a call in a scope no layer takes, when the layers there are for other scopes only. */
  unfaked(scope: string, scopes: readonly string[]): StandinError;
}

/**
 * One model's (or the classifier's) place in a container: the service the container binds for it (its base) and an
 * ordered list of layers over it.
 *
 * The rule: a call goes first to the layers of its own scope, then to the layers for every scope, each group newest
 * first; a layer that does not take the call (it lacks the capability, or it is a cassette in `record-missing` without
 * the entry, which hands the call down itself) passes it on; below the last layer is the base. A layer over every other
 * (a quota, chaos) takes a call before all of them, whenever it was put, and hands it down to them as if it came fresh.
 * A layer put where one of the same kind and scope stands replaces it in its place. A call in a scope that only other
 * scopes' layers cover fails (`T0041`, `T0042`) rather than reach a real base.
 */
export class Slot<S extends object> {
  /** The model's name, or `classifier` (`classifier.fallback[n]` for a fallback link). */
  readonly name: string;
  readonly #kind: SlotKind<S>;
  /** Oldest first. */
  #layers: Layer<S>[] = [];
  /** Where each kind and scope stands in `#layers`: a layer put there replaces it. */
  #places = new Map<string, number>();
  /** The layers for one scope only, by scope, oldest first: a call walks its own scope's, never every scope's. */
  #scoped = new Map<string, Layer<S>[]>();
  /** The layers for every scope, oldest first. */
  #every: Layer<S>[] = [];
  /** The layers over every other, oldest first. */
  #over: Layer<S>[] = [];

  constructor(name: string, kind: SlotKind<S>) {
    this.name = name;
    this.#kind = kind;
  }

  /** The layers, oldest first. */
  get layers(): readonly Layer<S>[] {
    return this.#layers;
  }

  /** Puts `layer` on the slot: in the place of one of the same kind and scope, else on top. */
  put(layer: Layer<S>): void {
    const place = `${layer.kind}\u0000${layer.scope === undefined ? '' : `:${layer.scope}`}`;
    const at = this.#places.get(place);
    const group = this.#group(layer);
    if (at === undefined) {
      this.#places.set(place, this.#layers.length);
      this.#layers.push(layer);
      group.push(layer);
      return;
    }
    const replaced = this.#layers[at]!;
    this.#layers[at] = layer;
    // One of the same kind and scope stands in the same group, unless the two differ in standing over every other.
    if ((replaced.over === true) === (layer.over === true)) group[group.indexOf(replaced)] = layer;
    else this.#regroup();
  }

  /** Takes every layer off and answers them, oldest first. */
  clear(): Layer<S>[] {
    const taken = this.#layers;
    this.#layers = [];
    this.#places = new Map();
    this.#scoped = new Map();
    this.#every = [];
    this.#over = [];
    return taken;
  }

  /**
   * The service for a call: the first layer that takes it in the slot's order, after `after` when given, else the base.
   */
  answer(capability: string, scope: string, base: () => S | undefined, after?: Layer<S>): S | undefined {
    let passed = after === undefined;
    // A layer over every other (a quota) is walked first, and what it hands down walks the rest from the start.
    const over = this.#over;
    for (let at = over.length - 1; at >= 0; at--) {
      const layer = over[at]!;
      if (layer.scope !== undefined && layer.scope !== scope) continue;
      if (passed && this.#kind.offers(layer.service, capability)) return layer.service;
      if (layer === after) passed = true;
    }
    const fresh = passed && (after === undefined || after.over === true);
    const own = this.#scoped.get(scope);
    for (let at = (own?.length ?? 0) - 1; at >= 0; at--) {
      const layer = own![at]!;
      if (passed && this.#kind.offers(layer.service, capability)) return layer.service;
      if (layer === after) passed = true;
    }
    const every = this.#every;
    for (let at = every.length - 1; at >= 0; at--) {
      const layer = every[at]!;
      if (passed && this.#kind.offers(layer.service, capability)) return layer.service;
      if (layer === after) passed = true;
    }
    const found = base();
    if (fresh && this.#scoped.size > 0 && (found === undefined || this.#kind.real(found))) throw this.#unfaked(scope);
    return found;
  }

  #unfaked(scope: string): StandinError {
    const scopes = [...new Set(this.#layers.flatMap((layer) => (layer.scope === undefined ? [] : [layer.scope])))];
    return this.#kind.unfaked(scope, scopes);
  }

  /** The group `layer` is walked in: over every other, its scope's, or every scope's. */
  #group(layer: Layer<S>): Layer<S>[] {
    if (layer.over === true) return this.#over;
    if (layer.scope === undefined) return this.#every;
    let group = this.#scoped.get(layer.scope);
    if (group === undefined) {
      group = [];
      this.#scoped.set(layer.scope, group);
    }
    return group;
  }

  /** Builds the groups again from `#layers`, in its order: after a layer took the place of one of another group. */
  #regroup(): void {
    this.#scoped = new Map();
    this.#every = [];
    this.#over = [];
    for (const layer of this.#layers) this.#group(layer).push(layer);
  }
}
