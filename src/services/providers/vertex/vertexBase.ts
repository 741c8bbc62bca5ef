import { StandinError } from '../../../errors/StandinError.js';
import { publisherPath } from '../../../protocols/vertex/vertexPaths.js';
import { VERTEX_LOCATION, type VertexProviderSettings } from './VertexProviderSettings.js';

/** The one host of the `global` location and of express mode; every other location has a host of its own. */
const GLOBAL_HOST = 'https://aiplatform.googleapis.com';

/** The path segment of a location or project from the environment: the same rule the config's schema keeps. */
const segment = /^[a-z0-9][a-z0-9.:-]{0,62}$/;

/**
 * The base URL the Gemini protocol is spoken under: `{host}/v1/projects/{project}/locations/{location}/publishers/
 * google`, or in express mode (an API key, no project) `{host}/v1/publishers/google`.
 *
 * @throws {StandinError} `C0032` when a call with no API key has no project, or the environment's is no project id.
 */
export function vertexBase(settings: VertexProviderSettings, provider: string, express: boolean): string {
  const location = settings.location ?? fromEnvironment('GOOGLE_CLOUD_LOCATION', provider) ?? VERTEX_LOCATION;
  const host = (
    settings.baseURL ??
    (express || location === 'global' ? GLOBAL_HOST : `https://${location}-aiplatform.googleapis.com`)
  ).replace(/\/+$/, '');
  if (express) return host + publisherPath(undefined);
  const project = settings.project ?? fromEnvironment('GOOGLE_CLOUD_PROJECT', provider);
  if (project === undefined) {
    throw new StandinError(
      'C0032',
      `Provider '${provider}' (vertex) has no Google Cloud project. Set config.providers.${provider}.project, such ` +
        `as 'help-desk-prod', or the environment variable GOOGLE_CLOUD_PROJECT; or give an API key for express mode.`,
    );
  }
  return host + publisherPath({ project, location });
}

/** `true` when the default host of these settings is Google's own, so an environment key may be sent there. */
export function ownHost(settings: VertexProviderSettings): boolean {
  return settings.baseURL === undefined;
}

function fromEnvironment(variable: string, provider: string): string | undefined {
  const given = process.env[variable];
  if (given === undefined || given === '') return undefined;
  if (segment.test(given)) return given;
  throw new StandinError(
    'C0032',
    `Provider '${provider}' (vertex): the environment variable ${variable} is not a Google Cloud id (lowercase ` +
      `letters, digits and dashes). Set it as the console shows it, or set config.providers.${provider} instead.`,
  );
}
