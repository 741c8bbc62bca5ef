import type { z } from 'zod';
import { malformed, WireFault, type ShapeIssue } from './WireFault.js';

/**
 * `value` read by `schema`, or `refused` with the first issue: an unknown field first, as providers check names before
 * values.
 */
export function readShape<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const read = schema.safeParse(value, { reportInput: true });
  if (read.success) return read.data;
  const issues: readonly ShapeIssue[] = read.error.issues;
  const issue = issues.find((found) => found.code === 'unrecognized_keys' && found.path.length === 0) ?? issues[0]!;
  const field = schemaAt(schema, issue.code === 'unrecognized_keys' ? [] : issue.path);
  const shape = (field as { shape?: Record<string, unknown> } | undefined)?.shape;
  throw new WireFault(
    { kind: 'refused', issue },
    {
      known: issue.code === 'unrecognized_keys' && shape !== undefined ? Object.keys(shape) : undefined,
      integer: (field as { isInt?: boolean } | undefined)?.isInt === true,
    },
  );
}

/** `value` as JSON text; a {@link WireFault} `not_json` naming `where` when JSON cannot carry it. */
export function toJson(value: unknown, where: string): string {
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch (error) {
    throw new WireFault({ kind: 'not_json', where, why: (error as Error).message, cause: error });
  }
  if (text === undefined) throw new WireFault({ kind: 'not_json', where, why: `it is ${typeof value}` });
  return text;
}

/** A reply's `value` read by `schema`, or `malformed` naming the field of `what` that breaks the protocol. */
export function readReply<S extends z.ZodType>(schema: S, value: unknown, what: string): z.output<S> {
  const read = schema.safeParse(value);
  if (read.success) return read.data;
  const issue = read.error.issues[0]!;
  const path = issue.path.map((key) => (typeof key === 'number' ? `[${key}]` : `.${String(key)}`)).join('');
  throw malformed(
    `${what}${path === '' ? '' : ` has ${path.slice(path.startsWith('.') ? 1 : 0)} that`} breaks the protocol: ${issue.message}`,
  );
}

/** JSON text read as `schema` says: {@link readReply}, after a `malformed` fault for text that is not JSON. */
export function readJsonText<S extends z.ZodType>(text: string, schema: S, what: string): z.output<S> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw malformed(`${what} is not JSON (it began ${JSON.stringify(text.slice(0, 60))})`);
  }
  return readReply(schema, value, what);
}

/** A zod schema's own parts, as far as {@link schemaAt} walks them. */
interface Walked {
  readonly _zod?: { readonly def?: { readonly innerType?: unknown; readonly element?: unknown } };
  readonly shape?: Readonly<Record<string, unknown>>;
}

/** The schema of the field at `path` of `schema` (through objects, arrays, optional and nullable ones). */
function schemaAt(schema: unknown, path: readonly PropertyKey[]): unknown {
  let at = unwrap(schema);
  for (const key of path) {
    const node = at as Walked | undefined;
    at = unwrap(typeof key === 'number' ? node?._zod?.def?.element : node?.shape?.[String(key)]);
  }
  return at;
}

function unwrap(schema: unknown): unknown {
  let at = schema as Walked | undefined;
  while (at?._zod?.def?.innerType !== undefined) at = at._zod.def.innerType as Walked;
  return at;
}
