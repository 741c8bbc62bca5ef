import type { ReleasedCursor } from '../../services/cursors/CursorStore.js';

/** How much every released scope took of a script: the least position they left its cursor at. */
export function leastReleased(groups: readonly ReleasedCursor[] | undefined): number | undefined {
  if (groups === undefined || groups.length === 0) return undefined;
  return Math.min(...groups.map((group) => group.at));
}

/** Where a group of released scopes is, for a message: their count and the names kept of them. */
export function releasedWhere(group: ReleasedCursor): string {
  const names = group.examples.map((name) => `'${name}'`).join(', ');
  const more = group.scopes > group.examples.length ? ', ...' : '';
  return `${group.scopes} released scope${group.scopes === 1 ? '' : 's'} (${names}${more})`;
}
