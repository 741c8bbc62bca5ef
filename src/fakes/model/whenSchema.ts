import { z } from 'zod';
import { lazySchema } from '../../validation/lazySchema.js';

/** The longest regular expression a `when` may give, in characters. */
export const MAX_PATTERN_LENGTH = 1_000;
/** How many characters of a request's text a regular expression is matched against: the first so many. */
export const MAX_MATCHED_CHARS = 100_000;

/**
 * How one text of a request is matched: a string (not empty) is contained in it; `{ contains }`
 * the same; `{ equals }` is the whole text; `{ regex, flags? }` a regular expression (flags of
 * `imsu`), matched in linear time: one with a back reference or a look-around is refused (`T0003`).
 *
 * @example
 * ```ts
 * const match: TextMatch = { regex: '^refund', flags: 'i' };
 * ```
 */
export type TextMatch =
  | string
  | { readonly contains: string; readonly equals?: never; readonly regex?: never; readonly flags?: never }
  | { readonly equals: string; readonly contains?: never; readonly regex?: never; readonly flags?: never }
  | { readonly regex: string; readonly flags?: string; readonly contains?: never; readonly equals?: never };

/**
 * What an answer of a list answers: requests whose every named text matches. Plain JSON, so it
 * crosses a namespace and goes into a scripts document or a cassette.
 *
 * @example
 * ```ts
 * app.fake('writer', [
 *   { when: { user: 'refund' }, text: 'Refunds take 5 days.' },
 *   { when: { toolResult: { regex: '"found":\\s*0' } }, text: 'Nothing found.' },
 *   { text: 'How can I help?' },
 * ]);
 * ```
 */
export interface When {
  /** The text of the request's last user message (its text parts, joined by a line break). */
  readonly user?: TextMatch;
  /** The request's instructions (the system prompt). */
  readonly instructions?: TextMatch;
  /**
   * A tool result of the request's last message, when it carries tool results: its output as JSON
   * (a string output as it is), or its error. Any one result matching is enough.
   */
  readonly toolResult?: TextMatch;
  /** The model as the app names it (the name the call gave, or the model id a wire client sent). */
  readonly model?: TextMatch;
}

/** The texts of a request a `when` reads. */
export const whenFields = ['user', 'instructions', 'toolResult', 'model'] as const;

const textMatch = lazySchema(() =>
  z.union([
    z.string().min(1),
    // One object for the three forms, so a wrong value is named at its key, not as a union's branches.
    z
      .strictObject({
        contains: z.string().min(1).optional(),
        equals: z.string().optional(),
        regex: z.string().min(1).max(MAX_PATTERN_LENGTH).optional(),
        flags: z
          .string()
          .regex(/^(?!.*(.).*\1)[imsu]*$/, { message: 'These are not flags a when takes' })
          .optional(),
      })
      .refine((match) => [match.contains, match.equals, match.regex].filter((v) => v !== undefined).length === 1, {
        message: 'Give one of contains, equals or regex',
      })
      .refine((match) => match.flags === undefined || match.regex !== undefined, {
        message: 'flags go with regex: remove flags, or match with { regex, flags }',
      }),
  ]),
);

/** A `when`, strict: a text it does not know is an error, and at least one text is named. */
export const whenSchema = lazySchema(() =>
  z
    .strictObject(Object.fromEntries(whenFields.map((field) => [field, textMatch.optional()])))
    .refine((when) => Object.values(when).some((match) => match !== undefined), {
      message: `Name at least one of ${whenFields.join(', ')}`,
    }),
);

/** What to write at each path of a `when`, for `describeIssues`. */
export const whenExpected: Readonly<Record<string, string>> = {
  when: `an object naming texts to match: { ${whenFields.map((f) => `${f}?`).join(', ')} }`,
  ...Object.fromEntries(
    whenFields.map((field) => [
      `when.${field}`,
      "a text it contains ('refund'), { contains }, { equals } or { regex, flags? } (flags of 'imsu')",
    ]),
  ),
  ...Object.fromEntries(
    whenFields.flatMap((field) => [
      [`when.${field}.contains`, 'a text, not empty'],
      [`when.${field}.equals`, 'a text'],
      [`when.${field}.regex`, `a regular expression as a string, 1 to ${MAX_PATTERN_LENGTH} characters`],
      [`when.${field}.flags`, "flags of 'i', 'm', 's' and 'u', each at most once"],
    ]),
  ),
};
