/**
 * Where Vertex AI serves Google's models: under a project and location, or, in express mode (an API key and no
 * project), under the publisher alone. The adapter writes these paths and the wire dialect reads them.
 */
export function publisherPath(where: { readonly project: string; readonly location: string } | undefined): string {
  if (where === undefined) return '/v1/publishers/google';
  const { project, location } = where;
  return `/v1/projects/${encodeURIComponent(project)}/locations/${encodeURIComponent(location)}/publishers/google`;
}

/** The path of one model method (`generateContent`, `predict`, ...) in either form, the GA or the beta version. */
export function methodPattern(method: string): RegExp {
  return new RegExp(
    `^/(?:v1|v1beta1)(?:/projects/(?<project>[^/]+)/locations/(?<location>[^/]+))?` +
      `/publishers/google/models/(?<model>[^/:]+):${method}$`,
  );
}
