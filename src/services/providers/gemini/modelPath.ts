/**
 * `models/{id}` for a bare id, a name with its collection as it is; the id is percent-encoded so a `?` or `/` cannot
 * change the URL.
 */
export function modelPath(model: string): string {
  const named = /^(models|tunedModels)\/(.+)$/.exec(model);
  if (named !== null) return `${named[1]}/${encodeURIComponent(named[2]!)}`;
  return `models/${encodeURIComponent(model)}`;
}
