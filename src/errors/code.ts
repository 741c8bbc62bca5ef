import { catalog, type Code } from './catalog.js';

/**
 * The error codes, by name: `code.T0013 === 'T0013'`. Compare an error's `code` against these
 * rather than against string literals, so a typo is a compile error.
 *
 * @example
 * ```ts
 * import { code, StandinError } from 'standin';
 * try { await app.reply('writer', request); }
 * catch (e) { if (e instanceof StandinError && e.code === code.T0013) console.log('script ran out'); }
 * ```
 */
export const code: { readonly [K in Code]: K } = Object.freeze(
  Object.fromEntries(Object.keys(catalog).map((k) => [k, k])) as { [K in Code]: K },
);
