import { WireFault } from '../WireFault.js';

/**
 * How a refusal is worded: one of Google's `rule`s, Google's words `verbatim`, or a field the wire server cannot
 * honour.
 */
export type RefusalKind = 'rule' | 'verbatim' | 'unhonoured';

/** A request field refused, `how` worded, thrown: a {@link WireFault} `refused` whose issue says which. */
export function geminiRefused(path: readonly PropertyKey[], message: string, how: RefusalKind = 'rule'): WireFault {
  return new WireFault({
    kind: 'refused',
    issue: { code: 'custom', path: [...path], message, input: undefined, params: { gemini: how } },
  });
}

/** A request field's path as Google's errors name it, its proto field names in snake case. */
export function snakePath(path: readonly PropertyKey[]): string {
  return path
    .map((key, i) =>
      typeof key === 'number'
        ? `[${key}]`
        : `${i === 0 ? '' : '.'}${String(key).replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}`,
    )
    .join('');
}
