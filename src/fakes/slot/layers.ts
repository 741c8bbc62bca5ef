import type { Finding } from '../script/Finding.js';
import type { Layer, LayerKind } from './Layer.js';

/** A scripted stand-in: it says what its `verify()` would fail on, and forgets what it recorded. */
export interface Verifiable {
  findings(scope?: string): Promise<readonly Finding[]>;
  forget(): void;
  close?(scope: string, calls: boolean): void;
}

/** A scripted stand-in's layer, answering in `scope` or every scope. */
export function scriptedLayer<S extends object & Verifiable>(
  kind: LayerKind,
  service: S,
  label: string,
  scope?: string,
): Layer<S> {
  return {
    kind,
    scope,
    service,
    label,
    source: service,
    // A scope's own fake holds that scope's script only: what it finds is that scope's, called or not.
    findings:
      scope === undefined
        ? () => service.findings()
        : async () => (await service.findings()).map((finding) => ({ ...finding, scope })),
    forget: () => service.forget(),
    close: (closed, calls) => service.close?.(closed, calls),
  };
}
