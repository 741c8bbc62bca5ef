import { stepScript } from './luaScripts.js';
import { StoreFailure } from './StoreFailure.js';
import type { ReleasedCursor } from '../CursorStore.js';

/** The index a step script answered. */
export function stepIndexOf(reply: unknown): number {
  return whole(reply, stepScript.name);
}

export function whole(reply: unknown, what: string, absentIsZero = false): number {
  if (reply === null && absentIsZero) return 0;
  const value =
    typeof reply === 'number' ? reply : typeof reply === 'string' && /^-?\d+$/.test(reply) ? Number(reply) : NaN;
  if (!Number.isSafeInteger(value)) throw unexpected(what, reply);
  return value;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function unexpected(what: string, reply: unknown): StoreFailure {
  const shown = reply === null ? 'nothing' : Array.isArray(reply) ? 'a list' : typeof reply;
  return new StoreFailure(
    'D0005',
    `Redis answered ${what} with ${shown} where the cursor store expected a number. Another program may have written ` +
      `under the store's prefix: give standin a namespace of its own.`,
  );
}

/** The released cursors of a script, read off the HGETALL of its released hash, in the order they were released at. */
export function releasedOf(reply: unknown): readonly ReleasedCursor[] {
  const fields = Array.isArray(reply)
    ? reply.map(String)
    : isRecord(reply)
      ? Object.entries(reply).flat().map(String)
      : undefined;
  if (fields === undefined) throw unexpected('HGETALL', reply);
  const groups = new Map<number, { scopes: number; examples: [number, string][] }>();
  for (let i = 0; i + 1 < fields.length; i += 2) {
    const [kind, at, n] = fields[i]!.split(':');
    const group = groups.get(Number(at)) ?? { scopes: 0, examples: [] };
    if (kind === 'n') group.scopes = whole(fields[i + 1], 'HGETALL');
    else group.examples.push([Number(n), decodeURIComponent(fields[i + 1]!)]);
    groups.set(Number(at), group);
  }
  return [...groups]
    .sort(([a], [b]) => a - b)
    .map(([at, group]) => ({
      at,
      scopes: group.scopes,
      examples: group.examples.sort(([a], [b]) => a - b).map(([, name]) => name),
    }));
}
