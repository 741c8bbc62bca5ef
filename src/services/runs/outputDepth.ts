/** How deep a tool's output may nest: deeper, whatever writes or reads it (JSON, a transcript) would run out of stack. */
export const MAX_OUTPUT_DEPTH = 256;

/**
 * Whether `value` nests past {@link MAX_OUTPUT_DEPTH}, walked with its own stack and each object once, so a cycle ends.
 */
export function nestsTooDeep(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const seen = new Set<object>();
  const stack: [object, number][] = [[value, 1]];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const [item, depth] = next;
    if (depth > MAX_OUTPUT_DEPTH) return true;
    if (seen.has(item)) continue;
    seen.add(item);
    for (const inner of Array.isArray(item) ? item : Object.values(item)) {
      if (typeof inner === 'object' && inner !== null) stack.push([inner, depth + 1]);
    }
  }
  return false;
}
