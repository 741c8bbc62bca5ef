import { formatPath } from '../../validation/formatPath.js';

/** Deeper output is taken for a mistake, and would overflow the stack of whatever walks it. */
export const MAX_JSON_DEPTH = 256;

/**
 * Where a value stops being JSON (path and what is there), or undefined. An undefined property is left out, as JSON
 * does.
 */
export function jsonProblem(value: unknown, root: string): string | undefined {
  return walk(value, [], [], root);
}

function walk(value: unknown, path: PropertyKey[], trail: object[], root: string): string | undefined {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return undefined;
    case 'number':
      return Number.isFinite(value)
        ? undefined
        : `${formatPath(root, path)}: ${String(value)}, a number that is not finite`;
    case 'object':
      break;
    default:
      return `${formatPath(root, path)}: ${typeof value === 'undefined' ? 'undefined' : `a ${typeof value}`}`;
  }
  if (value === null) return undefined;
  if (trail.includes(value)) return `${formatPath(root, path)}: the value again (a cycle)`;
  if (path.length >= MAX_JSON_DEPTH)
    return `${formatPath(root, path.slice(0, 3))}…: a value nested more than ${MAX_JSON_DEPTH} deep`;
  if (Array.isArray(value)) {
    trail.push(value);
    for (let i = 0; i < value.length; i++) {
      path.push(i);
      const found = walk(value[i], path, trail, root);
      path.pop();
      if (found !== undefined) return found;
    }
    trail.pop();
    return undefined;
  }
  const proto: unknown = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) {
    const kind = (proto as { constructor?: { name?: string } }).constructor?.name || 'class instance';
    return `${formatPath(root, path)}: a ${kind}, which is not a plain object`;
  }
  trail.push(value);
  for (const [key, item] of Object.entries(value)) {
    if (item === undefined) continue;
    // One path for the whole walk: a problem's place is written out before the walk returns.
    path.push(key);
    const found = walk(item, path, trail, root);
    path.pop();
    if (found !== undefined) return found;
  }
  trail.pop();
  return undefined;
}
