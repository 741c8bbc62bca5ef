import type { CursorHandle } from '../spec/ClassificationScriptEntry.js';

/** Whether `value` has the shape of a {@link CursorHandle}. */
export function isCursorHandle(value: unknown): value is CursorHandle {
  if (typeof value !== 'object' || value === null) return false;
  const handle = value as Partial<CursorHandle>;
  return (
    typeof handle.id === 'string' &&
    typeof handle.store === 'object' &&
    handle.store !== null &&
    typeof handle.index === 'function'
  );
}
