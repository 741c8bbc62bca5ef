import { z } from 'zod';
import type { ZodType } from 'zod';
import { zodTypeSchema } from '../../services/requests/requestSchemas.js';
import { lazySchema } from '../../validation/lazySchema.js';

/**
 * What the calls a fake answers will offer, so the answers that do not fit them fail when the fake is made, not when
 * the call comes: a `calls` entry naming a tool not in `tools` (`T0007`), a `value` that does not fit `output`
 * (`T0008`). An agent fits here as it is. Each call is checked against its own request as well, whatever is given here.
 *
 * @example
 * ```ts
 * const helpdesk = { model: 'writer', tools: { findInGuide } };
 * app.fake('writer', answers, helpdesk); // an answer asking for 'findInGuid' fails here
 * ```
 */
export interface FakeChecks {
  /** The tools the calls offer, by name (an agent's `tools`). Left out, tools are checked per call only. */
  readonly tools?: Readonly<Record<string, unknown>> | undefined;
  /**
   * The shape of the typed value the calls ask for (an agent's `output`). Left out, values are checked per call only.
   */
  readonly output?: ZodType | undefined;
}

/** The checks as a schema: an agent's other fields are allowed and ignored, anything else is a typo. */
export const fakeChecksSchema = lazySchema(() =>
  z.strictObject({
    tools: z.record(z.string(), z.unknown()).optional(),
    output: zodTypeSchema.optional(),
    model: z.unknown().optional(),
    instructions: z.unknown().optional(),
    maxSteps: z.unknown().optional(),
    settings: z.unknown().optional(),
  }),
);

/** What to write for each field of the checks, for `describeIssues`. */
export const fakeChecksExpected: Readonly<Record<string, string>> = {
  '': 'an object { tools?, output? }, or an agent',
  tools: 'a record of tool name -> tool, as an agent has',
  output: 'a zod schema, such as z.object({ ... })',
};
