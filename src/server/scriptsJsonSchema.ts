import { z } from 'zod';
import { scriptsSchema } from './scriptsSchema.js';

/**
 * The JSON Schema of a scripts file (`standin serve --scripts`, the control API's `PUT /__standin/scripts`), made from
 * {@link scriptsSchema} when asked, so it cannot drift from what the server accepts. Answers are only `{}` here: the
 * server checks them against the model's calls when it loads them, where a message can name the fix.
 */
export function scriptsJsonSchema(): Record<string, unknown> {
  // The input side: what a file may hold (`models` may be left out), not what parsing makes of it.
  const schema = z.toJSONSchema(scriptsSchema, { io: 'input', target: 'draft-2020-12' });
  return {
    $schema: schema.$schema,
    title: 'standin wire server scripts',
    description: "Answers per model id in app.fake's format, and a classifier script in fakeClassifier's form.",
    ...schema,
  };
}
