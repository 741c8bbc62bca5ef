import type { BindingIdentifier, Container, ServiceIdentifier } from 'inversify';

/** What a container module's `bind` is: the one way standin binds its own services. */
type Bind = Container['bind'];

/** The bindings standin made itself, per container, by token and name: the ones `standIn` may replace. */
const made = new WeakMap<Container, Map<string, BindingIdentifier>>();

function slot(token: ServiceIdentifier, name: string | undefined): string {
  return `${String(token)}\u0000${name ?? ''}`;
}

function madeIn(container: Container): Map<string, BindingIdentifier> {
  let bindings = made.get(container);
  if (bindings === undefined) {
    bindings = new Map();
    made.set(container, bindings);
  }
  return bindings;
}

/**
 * Replaces what a container binds — a slot's base, or a service such as the clock or the cursor store: `createEngine`'s
 * makers and the test bindings call it. (Fakes, cassettes and namespaces do not: they are layers over the base, on the
 * model's or the classifier's slot.) It rebinds `token` — under `name` when given, leaving the token's other names
 * alone — to `value`, replacing what stood there before: a real adapter, or an earlier stand-in. The very next call
 * resolves the new value, as every call looks its services up afresh.
 *
 * The rule for real adapters, written once: standin binds each real adapter with {@link bindReal}, which serves its
 * name only while nothing else is bound there. `standIn` unbinds it outright; a binding an application module makes
 * under the same name wins over it without unbinding it.
 *
 * @example
 * ```ts
 * standIn(container, Tokens.Provider, fakeProvider([{ text: 'Hi' }]), 'model:writer');
 * standIn(container, Tokens.Clock, new InstantClock());
 * ```
 */
export function standIn<T>(container: Container, token: ServiceIdentifier<T>, value: T, name?: string): void {
  const bindings = madeIn(container);
  const key = slot(token, name);
  const previous = bindings.get(key);
  if (name === undefined) {
    // An unnamed token holds one service: whatever was there, standin's or a module's, makes way.
    if (container.isBound(token)) container.unbind(token);
  } else if (previous !== undefined) {
    container.unbind(previous);
  }
  const binding = container.bind(token).toConstantValue(value);
  bindings.set(key, (name === undefined ? binding : binding.whenNamed(name)).getIdentifier());
}

/**
 * Binds a real adapter (or the classifier the config names) with a module's `bind`: it serves
 * `token` under `name` (unnamed when left out) while no other binding serves there, and steps
 * aside, without being unbound, when an application module binds one. {@link standIn} replaces it.
 */
export function bindReal<T>(
  container: Container,
  bind: Bind,
  token: ServiceIdentifier<T>,
  make: () => T,
  name?: string,
): void {
  let asking = false;
  // Whether another binding serves the slot: while this asks, this binding answers no, so it is not counted.
  const overridden = (): boolean => {
    if (asking) return true;
    asking = true;
    try {
      return name === undefined ? container.isBound(token) : container.isBound(token, { name });
    } finally {
      asking = false;
    }
  };
  const binding = bind(token)
    .toDynamicValue(make)
    .inSingletonScope()
    .when((request) => request.name === name && !overridden());
  madeIn(container).set(slot(token, name), binding.getIdentifier());
}
