import { z } from 'zod';
import { readShape } from '../readShape.js';

/** A price cap per million tokens (or per request, image), in US dollars. */
const price = z.union([z.number().min(0), z.string().min(1)]);

/**
 * OpenRouter's provider routing (`provider` in a request): the order to try the upstream providers in, whether to fall
 * back, which to allow or skip, and what they must offer. Fields OpenRouter adds later are sent as they are.
 */
export const providerRouting = z
  .object({
    order: z.array(z.string().min(1)).optional(),
    allow_fallbacks: z.boolean().optional(),
    require_parameters: z.boolean().optional(),
    data_collection: z.enum(['allow', 'deny']).optional(),
    zdr: z.boolean().optional(),
    only: z.array(z.string().min(1)).optional(),
    ignore: z.array(z.string().min(1)).optional(),
    quantizations: z.array(z.string().min(1)).optional(),
    sort: z.union([z.enum(['price', 'throughput', 'latency']), z.record(z.string(), z.unknown())]).optional(),
    max_price: z.record(z.string(), price).optional(),
  })
  .loose();

export type ProviderRouting = z.input<typeof providerRouting>;

/** The models to try in order when the first cannot answer (`models` in a request): at most OpenRouter's limit. */
export const modelFallbacks = z.array(z.string().min(1)).min(1).max(32);

/**
 * The fields an OpenRouter chat request may carry beside OpenAI's: the fallbacks and routing, the `fallback` route,
 * prompt transforms, reasoning and usage accounting, plugins, sampling OpenAI has not, and Anthropic's cache control.
 */
export const openrouterExtras = z.object({
  models: modelFallbacks.nullish(),
  provider: providerRouting.nullish(),
  route: z.literal('fallback').nullish(),
  transforms: z.array(z.string()).nullish(),
  reasoning: z
    .object({
      effort: z.string().optional(),
      max_tokens: z.int().min(0).optional(),
      exclude: z.boolean().optional(),
      enabled: z.boolean().optional(),
    })
    .loose()
    .nullish(),
  include_reasoning: z.boolean().nullish(),
  usage: z.object({ include: z.boolean().optional() }).loose().nullish(),
  plugins: z.array(z.record(z.string(), z.unknown())).nullish(),
  web_search_options: z.record(z.string(), z.unknown()).nullish(),
  debug: z.record(z.string(), z.unknown()).nullish(),
  cache_control: z.record(z.string(), z.unknown()).nullish(),
  top_k: z.number().nullish(),
  top_a: z.number().nullish(),
  min_p: z.number().nullish(),
  repetition_penalty: z.number().nullish(),
});

/** The names of {@link openrouterExtras}' fields. */
export const openrouterExtraFields: readonly string[] = Object.keys(openrouterExtras.shape);

/**
 * An OpenRouter chat request split in two: its OpenRouter fields, checked by {@link openrouterExtras}, and the rest,
 * an OpenAI chat request for OpenAI's reader. A body that is no object is left whole for that reader to refuse.
 */
export function splitOpenRouterChat(value: unknown): {
  readonly extras: z.output<typeof openrouterExtras>;
  readonly chat: unknown;
} {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { extras: {}, chat: value };
  const own: Record<string, unknown> = {};
  const chat: Record<string, unknown> = {};
  for (const [field, given] of Object.entries(value))
    (openrouterExtraFields.includes(field) ? own : chat)[field] = given;
  return { extras: readShape(openrouterExtras, own), chat };
}
