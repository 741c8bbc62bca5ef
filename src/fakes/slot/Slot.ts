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
  /** How many layers are for one scope only: the walk skips scope checks while there are none. */
  #scoped = 0;
  /** How many layers stand over every other. */
  #over = 0;

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
    const at = this.#layers.findIndex((other) => other.kind === layer.kind && other.scope === layer.scope);
    const layers = [...this.#layers];
    if (at === -1) layers.push(layer);
    else layers[at] = layer;
    this.#set(layers);
  }

  /** Takes every layer off and answers them, oldest first. */
  clear(): Layer<S>[] {
    const taken = this.#layers;
    this.#set([]);
    return taken;
  }

  /**
   * The service for a call: the first layer that takes it in the slot's order, after `after` when given, else the base.
   */
  answer(capability: string, scope: string, base: () => S | undefined, after?: Layer<S>): S | undefined {
    const layers = this.#layers;
    let passed = after === undefined;
    // A layer over every other (a quota) is walked first, and what it hands down walks the rest from the start.
    if (this.#over > 0) {
      for (let at = layers.length - 1; at >= 0; at--) {
        const layer = layers[at]!;
        if (layer.over !== true || (layer.scope !== undefined && layer.scope !== scope)) continue;
        if (passed && this.#kind.offers(layer.service, capability)) return layer.service;
        if (layer === after) passed = true;
      }
    }
    const fresh = passed && (after === undefined || after.over === true);
    if (this.#scoped > 0) {
      for (let at = layers.length - 1; at >= 0; at--) {
        const layer = layers[at]!;
        if (layer.scope !== scope || layer.over === true) continue;
        if (passed && this.#kind.offers(layer.service, capability)) return layer.service;
        if (layer === after) passed = true;
      }
    }
    for (let at = layers.length - 1; at >= 0; at--) {
      const layer = layers[at]!;
      if (layer.scope !== undefined || layer.over === true) continue;
      if (passed && this.#kind.offers(layer.service, capability)) return layer.service;
      if (layer === after) passed = true;
    }
    const found = base();
    if (fresh && this.#scoped > 0 && (found === undefined || this.#kind.real(found))) throw this.#unfaked(scope);
    return found;
  }

  #unfaked(scope: string): StandinError {
    const scopes = [...new Set(this.#layers.flatMap((layer) => (layer.scope === undefined ? [] : [layer.scope])))];
    return this.#kind.unfaked(scope, scopes);
  }

  #set(layers: Layer<S>[]): void {
    this.#layers = layers;
    this.#scoped = layers.filter((layer) => layer.scope !== undefined && layer.over !== true).length;
    this.#over = layers.filter((layer) => layer.over === true).length;
  }
}
