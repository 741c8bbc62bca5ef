/**
 * The resource path of a model as the Gemini API names it: `models/{id}` for a bare id, a name
 * that already has its collection (`models/...`, `tunedModels/...`) as it is. The id is
 * percent-encoded, so a stray `?` or `/` cannot change the URL the call goes to.
 */
export function modelPath(model: string): string {
  const named = /^(models|tunedModels)\/(.+)$/.exec(model);
  if (named !== null) return `${named[1]}/${encodeURIComponent(named[2]!)}`;
  return `models/${encodeURIComponent(model)}`;
}
