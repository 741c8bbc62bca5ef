import { z } from 'zod';

/** `GET /models`: the models a key may call. */
export const modelList = z.object({
  object: z.literal('list'),
  data: z.array(
    z.object({ id: z.string(), object: z.literal('model'), created: z.int(), owned_by: z.string() }).loose(),
  ),
});

/** The model list of `ids`, as JSON text. */
export function writeModelList(ids: readonly string[], owner: string): string {
  return JSON.stringify({
    object: 'list',
    data: ids.map((id) => ({ id, object: 'model', created: 0, owned_by: owner })),
  });
}
