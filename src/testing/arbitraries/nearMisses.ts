import { z, type ZodType } from 'zod';
import { cutShort, isJson } from '../../fakes/misbehave/misbehaviour.js';
import { misfit } from '../../fakes/misbehave/misfit.js';

/** How a value is bent into a near miss. */
export type Bend = 'missing' | 'not_a_member' | 'wrong_type' | 'extra';

/** Every way of bending a value, in the order they are tried. */
export const bends: readonly Bend[] = ['missing', 'not_a_member', 'wrong_type', 'extra'];

/**
 * A value that fits `shape`, bent so it does not: a field left out, a string that is no member of its enum, a field of
 * the wrong type (a string where a number goes), an extra field. `pick` chooses the field. When that bend still fits
 * (an optional field, a plain string), the other bends and fields are tried in turn, then the misfit the fake makes up.
 * Undefined when nothing can miss the shape.
 */
export function bend(shape: ZodType, value: unknown, pick: number, first: Bend): unknown {
  const misses = (candidate: unknown) => !shape.safeParse(candidate).success;
  const keys = isRecord(value) ? Object.keys(value) : [];
  const order = [first, ...bends.filter((other) => other !== first)];
  for (const how of order) {
    for (let i = 0; i < Math.max(1, keys.length); i++) {
      const candidate = bent(value, keys[(pick + i) % keys.length], how);
      if (candidate !== undefined && misses(candidate)) return candidate;
    }
  }
  return misfit(shape, jsonSchemaOf(shape));
}

function bent(value: unknown, key: string | undefined, how: Bend): unknown {
  if (!isRecord(value) || key === undefined) {
    if (how === 'extra' && isRecord(value)) return { ...value, unexpected: true };
    return how === 'not_a_member' ? notAMember(value) : how === 'wrong_type' ? wrongType(value) : undefined;
  }
  if (how === 'missing') return Object.fromEntries(Object.entries(value).filter(([name]) => name !== key));
  if (how === 'extra') return { ...value, unexpected: true };
  const changed = how === 'not_a_member' ? notAMember(value[key]) : wrongType(value[key]);
  return changed === undefined ? undefined : { ...value, [key]: changed };
}

function notAMember(value: unknown): unknown {
  return typeof value === 'string' ? `not_${value}` : undefined;
}

/** The same content in another JSON type: a number as a string, a string as a number, a list as an object, .... */
function wrongType(value: unknown): unknown {
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return value.length;
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  // A list keeps its type and gets one wrong item: a string where a number goes.
  if (Array.isArray(value)) return value.length === 0 ? { items: value } : [wrongType(value[0]), ...value.slice(1)];
  if (isRecord(value)) return [value];
  return 0;
}

/** The JSON of a value that fits, cut as a token limit cuts it (never JSON itself). */
export function truncatedJson(value: unknown): string {
  return cutShort(JSON.stringify(value)) ?? '{"';
}

/**
 * The JSON of a value that fits, written wrong as a model writes it: single quotes for double, else a trailing comma.
 */
export function brokenJson(value: unknown): string {
  const json = JSON.stringify(value);
  const quoted = json.replace(/"/g, "'");
  return isJson(quoted) ? `${json},` : quoted;
}

/** A shape's JSON Schema, which the fake's misfit reads field names from; undefined when zod cannot write one. */
function jsonSchemaOf(shape: ZodType): unknown {
  try {
    return z.toJSONSchema(shape, { unrepresentable: 'any' });
  } catch {
    return undefined;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
