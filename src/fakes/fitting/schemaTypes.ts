import { NoFit } from './NoFit.js';
import { own } from './SchemaRefs.js';

type Keywords = Readonly<Record<string, unknown>>;

/** The JSON types, in the order a schema that names none tries them. */
const TYPES = ['null', 'boolean', 'number', 'string', 'array', 'object'] as const;
export type JsonType = (typeof TYPES)[number] | 'integer';

/** Keywords that say what type a value of a schema that names none would be. */
const HINTS: Readonly<Record<string, JsonType>> = {
  properties: 'object',
  required: 'object',
  additionalProperties: 'object',
  patternProperties: 'object',
  minProperties: 'object',
  propertyNames: 'object',
  items: 'array',
  prefixItems: 'array',
  minItems: 'array',
  contains: 'array',
  minLength: 'string',
  maxLength: 'string',
  pattern: 'string',
  format: 'string',
  minimum: 'number',
  maximum: 'number',
  exclusiveMinimum: 'number',
  exclusiveMaximum: 'number',
  multipleOf: 'number',
};

/** The types a value of every schema of `flat` may be, in the order to try them. */
export function typesOf(flat: readonly Keywords[], path: string): JsonType[] {
  let allowed: JsonType[] | undefined;
  for (const schema of flat) {
    const type = own(schema, 'type');
    if (type === undefined) continue;
    const named = (Array.isArray(type) ? type : [type]).filter((name): name is JsonType =>
      [...TYPES, 'integer'].includes(name as JsonType),
    );
    if (named.length === 0) {
      throw new NoFit('T0140', path, `its type ${JSON.stringify(type)} names none of the JSON types`);
    }
    allowed = allowed === undefined ? named : meet(allowed, named);
  }
  if (allowed !== undefined) {
    if (allowed.length === 0) throw new NoFit('T0140', path, 'its types have none in common');
    return allowed.includes('number') ? allowed.filter((type) => type !== 'integer') : allowed;
  }
  const hinted = new Set<JsonType>();
  for (const schema of flat)
    for (const key of Object.keys(schema)) if (Object.hasOwn(HINTS, key)) hinted.add(HINTS[key]!);
  return [...hinted, ...TYPES.filter((type) => !hinted.has(type))];
}

/** The types both lists allow, in the first's order: `number` and `integer` meet at `integer`. */
function meet(a: readonly JsonType[], b: readonly JsonType[]): JsonType[] {
  const found: JsonType[] = [];
  for (const type of a) {
    if (b.includes(type)) found.push(type);
    else if (type === 'number' && b.includes('integer')) found.push('integer');
    else if (type === 'integer' && b.includes('number')) found.push('integer');
  }
  return [...new Set(found)];
}
