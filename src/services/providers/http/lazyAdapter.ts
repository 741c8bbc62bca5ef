import type { ModelAdapterName } from '../../../config/adapterNames.js';
import type { Capability, Provider } from '../../spec/Provider.js';

/** A real adapter offering the capabilities `M`, each a method, and naming itself. */
export type Adapter<M extends Capability> = Provider & {
  readonly real: true;
  readonly adapter: ModelAdapterName;
} & Required<Pick<Provider, M>>;

/**
 * An adapter whose module is evaluated on its first call: an app, or a test app, that never calls a provider pays
 * nothing to import its protocol. `methods` are the capabilities the adapter's class offers (a structure test holds
 * the two lists equal), so what the engine reads from the provider is known before the module is.
 */
export function lazyAdapter<M extends Capability>(
  adapter: ModelAdapterName,
  methods: readonly M[],
  load: () => Promise<Provider>,
): Adapter<M> {
  let loading: Promise<Provider> | undefined;
  const loaded = (): Promise<Provider> => (loading ??= load());
  const lazy: Record<string, unknown> = { real: true, adapter };
  for (const method of methods)
    lazy[method] =
      method === 'reply'
        ? async function* reply(...args: Parameters<Provider['reply']>) {
            yield* (await loaded()).reply(...args);
          }
        : async (...args: unknown[]) =>
            ((await loaded())[method] as (...given: unknown[]) => Promise<unknown>)(...args);
  return lazy as Adapter<M>;
}
