import type { Dialect } from './dialect.js';
import { WireError } from './WireError.js';

/** What one request field must be: its type, and for numbers their range. */
export type ValueRule =
  | { readonly type: 'boolean' }
  | { readonly type: 'string' }
  | { readonly type: 'object' }
  | { readonly type: 'number'; readonly min?: number; readonly max?: number }
  | { readonly type: 'integer'; readonly min?: number; readonly max?: number };

/** A rule per field name. */
export type ValueRules = Readonly<Record<string, ValueRule>>;

const names = {
  boolean: 'a boolean',
  string: 'a string',
  object: 'an object',
  number: 'a decimal',
  integer: 'an integer',
} as const;

/** Each rule set's field names, listed once: rule sets are made once, and read for every request. */
const fieldsOf = new WeakMap<ValueRules, readonly string[]>();

/**
 * Refuses, with `W0002` (400) in the provider's own words and error shape, a field of the wrong
 * type or out of its range (`temperature: "hot"`, `max_tokens: -5`, `stream: "yes"`), as the
 * provider would, rather than answering 200 as if it were fine. Fields left out (or null, for
 * OpenAI) pass.
 *
 * @example
 * ```ts
 * checkValues(body, { temperature: { type: 'number', min: 0, max: 2 }, stream: { type: 'boolean' } }, 'openai');
 * ```
 */
export function checkValues(body: Readonly<Record<string, unknown>>, rules: ValueRules, dialect: Dialect): void {
  let fields = fieldsOf.get(rules);
  if (fields === undefined) fieldsOf.set(rules, (fields = Object.keys(rules)));
  for (const field of fields) {
    const value = body[field];
    if (value === undefined || (value === null && dialect !== 'anthropic')) continue;
    const rule = rules[field]!;
    const problem = check(value, rule);
    if (problem === undefined) continue;
    throw new WireError('W0002', 400, message(field, rule, value, problem, dialect), {
      type: 'invalid_request_error',
      code:
        problem === 'type'
          ? 'invalid_type'
          : `${rule.type === 'integer' ? 'integer' : 'decimal'}_${problem === 'min' ? 'below_min' : 'above_max'}_value`,
      param: field,
      retry: false,
    });
  }
}

function check(value: unknown, rule: ValueRule): 'type' | 'min' | 'max' | undefined {
  switch (rule.type) {
    case 'boolean':
      return typeof value === 'boolean' ? undefined : 'type';
    case 'string':
      return typeof value === 'string' ? undefined : 'type';
    case 'object':
      return value !== null && typeof value === 'object' && !Array.isArray(value) ? undefined : 'type';
    case 'number':
    case 'integer': {
      if (typeof value !== 'number' || !Number.isFinite(value) || (rule.type === 'integer' && !Number.isInteger(value)))
        return 'type';
      if (rule.min !== undefined && value < rule.min) return 'min';
      if (rule.max !== undefined && value > rule.max) return 'max';
      return undefined;
    }
  }
}

function message(
  field: string,
  rule: ValueRule,
  value: unknown,
  problem: 'type' | 'min' | 'max',
  dialect: Dialect,
): string {
  const got = Array.isArray(value)
    ? 'an array'
    : value === null
      ? 'null'
      : typeof value === 'object'
        ? 'an object'
        : typeof value === 'number' && rule.type === 'integer'
          ? 'a decimal'
          : `a ${typeof value}`;
  const bound = problem === 'min' ? (rule as { min: number }).min : (rule as { max: number }).max;
  if (dialect === 'anthropic') {
    if (problem === 'type')
      return (
        `${field}: Input should be ` +
        `${anthropicTypeWords[rule.type as keyof typeof anthropicTypeWords] ?? 'a valid dictionary'}`
      );
    return (
      `${field}: Input should be ${problem === 'min' ? 'greater than or equal to' : 'less than or equal to'} ` +
      `${bound}`
    );
  }
  if (problem === 'type') return `Invalid type for '${field}': expected ${names[rule.type]}, but got ${got} instead.`;
  const kind = rule.type === 'integer' ? 'integer' : 'decimal';
  return (
    `Invalid '${field}': ${kind} ${problem === 'min' ? 'below minimum' : 'above maximum'} value. Expected a ` +
    `value ${problem === 'min' ? '>=' : '<='} ${bound}, but got ${JSON.stringify(value)} instead.`
  );
}

/** What Anthropic's errors call each JSON type a field wants (an object, "a valid dictionary", otherwise). */
const anthropicTypeWords = {
  number: 'a valid number',
  integer: 'a valid integer',
  boolean: 'a valid boolean',
  string: 'a valid string',
} as const;
