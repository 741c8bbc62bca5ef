import { StandinError, bareMessage } from '../../errors/StandinError.js';
import type { Finding } from '../script/Finding.js';
import type { Layer, LayerKind } from './Layer.js';

/** A scripted stand-in: it can say what its script left unused and what errors it kept. */
export interface Verifiable {
  verify(scope?: string): Promise<void>;
}

/**
 * The layer a scripted stand-in (a faked model, a faked classifier, a namespace's follower) is on
 * its slot: it answers in `scope`, or in every scope when none is given.
 *
 * @example
 * ```ts
 * slotsOf(container).model('writer').put(scriptedLayer('fake', fake, "app.fake('writer', answers)"));
 * ```
 */
export function scriptedLayer<S extends object & Verifiable>(kind: LayerKind, service: S, label: string, scope?: string): Layer<S> {
  return {
    kind,
    scope,
    service,
    label,
    source: service,
    findings: () => findingsOf(service, scope),
    forget: () => undefined,
  };
}

async function findingsOf(service: Verifiable, scope: string | undefined): Promise<readonly Finding[]> {
  try {
    await service.verify(scope);
    return [];
  } catch (error) {
    if (!(error instanceof StandinError)) throw error;
    return [{ scope: scope ?? '', code: error.code, line: bareMessage(error) }];
  }
}
