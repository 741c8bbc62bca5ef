import type { z } from 'zod';

interface Def {
  readonly type?: string;
  readonly shape?: Record<string, unknown>;
  readonly innerType?: unknown;
  readonly in?: unknown;
  readonly out?: unknown;
  readonly getter?: () => unknown;
  readonly element?: unknown;
  readonly valueType?: unknown;
  readonly options?: readonly unknown[];
  readonly left?: unknown;
  readonly right?: unknown;
  readonly items?: readonly unknown[];
}

const defOf = (schema: unknown): Def | undefined => (schema as { _zod?: { def?: Def } } | undefined)?._zod?.def;

/** How far a schema is unwrapped before giving up: a recursive schema must not loop. */
const MAX_STEPS = 64;

/**
 * The keys an object may have at `path` inside `schema`, read from the schema itself, so an
 * unknown key can be answered with the allowed ones and the closest of them. Unions give the
 * keys of every object they allow there. Empty when the path leads to no object.
 */
export function schemaKeys(schema: z.ZodType | z.core.$ZodType, path: readonly PropertyKey[]): string[] {
  let level: unknown[] = [schema];
  for (const key of path) level = level.flatMap((at) => objects(at).flatMap((object) => child(object, key)));
  const keys = new Set<string>();
  for (const at of level)
    for (const object of objects(at)) for (const key of Object.keys(defOf(object)?.shape ?? {})) keys.add(key);
  return [...keys];
}

/** The object, array, record and tuple schemas `schema` stands for, wrappers and unions unwrapped. */
function objects(schema: unknown, steps = 0): unknown[] {
  const def = defOf(schema);
  if (def === undefined || steps > MAX_STEPS) return [];
  switch (def.type) {
    case 'object':
    case 'array':
    case 'record':
    case 'tuple':
      return [schema];
    case 'union':
      return (def.options ?? []).flatMap((option) => objects(option, steps + 1));
    case 'intersection':
      return [...objects(def.left, steps + 1), ...objects(def.right, steps + 1)];
    case 'pipe':
      return objects(def.in, steps + 1);
    case 'lazy':
      return def.getter ? objects(def.getter(), steps + 1) : [];
    default:
      return def.innerType === undefined ? [] : objects(def.innerType, steps + 1);
  }
}

function child(schema: unknown, key: PropertyKey): unknown[] {
  const def = defOf(schema)!;
  if (def.type === 'object')
    return typeof key === 'string' && def.shape && Object.hasOwn(def.shape, key) ? [def.shape[key]] : [];
  if (def.type === 'array') return typeof key === 'number' ? [def.element] : [];
  if (def.type === 'record') return [def.valueType];
  if (def.type === 'tuple') return typeof key === 'number' && def.items?.[key] !== undefined ? [def.items[key]] : [];
  return [];
}
