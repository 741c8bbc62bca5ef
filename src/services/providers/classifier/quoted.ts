/**
 * Names in a message: each in JSON quotes, the first ten, then how many more.
 *
 * @example
 * ```ts
 * quoted(['billing', 'sales']); // '"billing", "sales"'
 * ```
 */
export function quoted(names: readonly string[]): string {
  const shown = names.slice(0, 10).map((name) => JSON.stringify(name));
  return names.length > 10 ? `${shown.join(', ')} and ${names.length - 10} more` : shown.join(', ');
}
