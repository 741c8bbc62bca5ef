import { z } from 'zod';

/** `GET /api/v1/models`: the models OpenRouter routes to, each with its context length and its prices. */
export const openrouterModelList = z.object({
  data: z.array(
    z
      .object({
        id: z.string(),
        name: z.string(),
        created: z.int(),
        context_length: z.int().nullable(),
        pricing: z.object({ prompt: z.string(), completion: z.string() }).loose(),
      })
      .loose(),
  ),
});

/** The model list of `ids`, as JSON text: a scripted model costs nothing. */
export function writeOpenRouterModels(ids: readonly string[]): string {
  const list: z.input<typeof openrouterModelList> = {
    data: ids.map((id) => ({
      id,
      name: id,
      created: 0,
      context_length: null,
      pricing: { prompt: '0', completion: '0' },
    })),
  };
  return JSON.stringify(list);
}
