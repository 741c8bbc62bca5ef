import { z } from 'zod';
import { filterVerdicts, filteredPrompt } from './contentFilter.js';

/** Azure's error body; its content filter's 400 has `type: null`, `param: 'prompt'` and the verdict in `innererror`. */
export const azureError = z.object({
  error: z
    .object({
      code: z.string().nullish(),
      message: z.string(),
      param: z.string().nullish(),
      type: z.string().nullish(),
      status: z.int().optional(),
      innererror: z
        .object({ code: z.string().optional(), content_filter_result: filterVerdicts.optional() })
        .loose()
        .optional(),
    })
    .loose(),
});

/** What an Azure error says beside its message. */
export interface AzureErrorTags {
  /** Azure's `code`: its own (`429`, `DeploymentNotFound`, `BadRequest`) or OpenAI's (`context_length_exceeded`). */
  readonly code: string;
  /** The error type, where Azure gives one. */
  readonly type?: string | undefined;
  readonly param?: string | undefined;
}

/** Azure's error body; for `content_filter`, the filter's 400 on a prompt it stopped. */
export function azureErrorBody(message: string, tags: AzureErrorTags): z.input<typeof azureError> {
  if (tags.code === 'content_filter') {
    return {
      error: {
        message,
        type: null,
        param: 'prompt',
        code: 'content_filter',
        status: 400,
        innererror: { code: 'ResponsibleAIPolicyViolation', content_filter_result: filteredPrompt },
      },
    };
  }
  return {
    error: {
      code: tags.code,
      message,
      ...(tags.param === undefined ? {} : { param: tags.param }),
      ...(tags.type === undefined ? {} : { type: tags.type }),
    },
  };
}
