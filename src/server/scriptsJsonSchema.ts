import { z } from 'zod';
import { scriptsSchema } from './scriptsSchema.js';

/**
 * The scripts file's JSON Schema, made from {@link scriptsSchema} so it cannot drift. Answers are `{}`: the server
 * checks them on load, where a message can name the fix.
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
