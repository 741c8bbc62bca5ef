import type { ShapeIssue } from '../protocols/WireFault.js';
import type { DialectAnswers } from './dialects/DialectAnswers.js';

/** What one request field must be: its type, and for numbers their range. */
export type ValueRule =
  | { readonly type: 'boolean' }
  | { readonly type: 'string' }
  | { readonly type: 'object' }
  | { readonly type: 'number'; readonly min?: number; readonly max?: number }
  | { readonly type: 'integer'; readonly min?: number; readonly max?: number };

/** A rule per field name. */
export type ValueRules = Readonly<Record<string, ValueRule>>;

/** Each rule set's field names, listed once: rule sets are made once, and read for every request. */
const fieldsOf = new WeakMap<ValueRules, readonly string[]>();

const expected = { boolean: 'boolean', string: 'string', object: 'object', number: 'number', integer: 'int' } as const;

/**
 * Refuses, with the dialect's 400 in the provider's own words, a field of the wrong type or out of
 * its range (`temperature: "hot"`, `max_tokens: -5`, `stream: "yes"`), as the provider would, rather
 * than answering 200 as if it were fine. Fields left out pass, and so does null where
 * `nullIsAbsent` (OpenAI's reading; Anthropic's refuses it).
 */
export function checkValues(
  body: Readonly<Record<string, unknown>>,
  rules: ValueRules,
  dialect: DialectAnswers,
  nullIsAbsent = true,
): void {
  let fields = fieldsOf.get(rules);
  if (fields === undefined) fieldsOf.set(rules, (fields = Object.keys(rules)));
  for (const field of fields) {
    const value = body[field];
    if (value === undefined || (value === null && nullIsAbsent)) continue;
    const rule = rules[field]!;
    const issue = check(field, value, rule);
    if (issue !== undefined) throw dialect.refused(issue, { integer: rule.type === 'integer' });
  }
}

function check(field: string, value: unknown, rule: ValueRule): ShapeIssue | undefined {
  const path = [field];
  const wrongType: ShapeIssue = {
    code: 'invalid_type',
    expected: expected[rule.type],
    path,
    input: value,
    message: `expected ${expected[rule.type]}`,
  };
  switch (rule.type) {
    case 'boolean':
      return typeof value === 'boolean' ? undefined : wrongType;
    case 'string':
      return typeof value === 'string' ? undefined : wrongType;
    case 'object':
      return value !== null && typeof value === 'object' && !Array.isArray(value) ? undefined : wrongType;
    case 'number':
    case 'integer': {
      if (typeof value !== 'number' || !Number.isFinite(value) || (rule.type === 'integer' && !Number.isInteger(value)))
        return wrongType;
      if (rule.min !== undefined && value < rule.min)
        return {
          code: 'too_small',
          origin: 'number',
          minimum: rule.min,
          inclusive: true,
          path,
          input: value,
          message: `below ${rule.min}`,
        };
      if (rule.max !== undefined && value > rule.max)
        return {
          code: 'too_big',
          origin: 'number',
          maximum: rule.max,
          inclusive: true,
          path,
          input: value,
          message: `above ${rule.max}`,
        };
      return undefined;
    }
  }
}
