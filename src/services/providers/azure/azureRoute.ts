import { StandinError } from '../../../errors/StandinError.js';
import { keyVariables } from '../../../config/keyVariables.js';
import { azureFailures } from '../../../protocols/azure/azureFailures.js';
import type { OpenAIRoute } from '../openai/OpenAIProvider.js';
import { AZURE_API_VERSION, type AzureOpenAIProviderSettings } from './AzureOpenAIProviderSettings.js';

/** The hosts of Azure's own endpoints: only these read `AZURE_OPENAI_API_KEY`. */
const azureHosts = /\.(openai\.azure\.com|cognitiveservices\.azure\.com|services\.ai\.azure\.com)$/i;

/**
 * How the OpenAI adapter reaches an Azure resource: `api-key` or a bearer token, `apim-request-id`, the deployment
 * paths with `?api-version=` or the v1 paths. `AZURE_OPENAI_API_KEY` is read for an Azure host only, so a key never
 * reaches a gateway or a local server by accident.
 */
export function azureRoute(settings: AzureOpenAIProviderSettings, base: string): OpenAIRoute {
  const bearer = settings.auth === 'bearer' || settings.token !== undefined;
  const given = settings.apiVersion ?? AZURE_API_VERSION;
  const version = encodeURIComponent(given);
  return {
    name: 'Azure OpenAI',
    endpoint: {
      // An Azure host is the vendor's own URL (its key may come from the environment); any other is a custom one.
      defaultURL: azureHosts.test(new URL(base).hostname) ? base : '',
      keyVariable: keyVariables['azure-openai'],
      requestIdHeader: 'apim-request-id',
      auth: (key): Readonly<Record<string, string>> =>
        bearer ? { authorization: `Bearer ${key}` } : { 'api-key': key },
      failures: azureFailures,
    },
    path: (path, model) =>
      given === 'v1'
        ? `/v1${path}`
        : path === '/responses'
          ? `/responses?api-version=${version}`
          : `/deployments/${encodeURIComponent(model)}${path}?api-version=${version}`,
  };
}

/**
 * The base URL of a resource's API: its endpoint (the settings' `baseURL`, else
 * `AZURE_OPENAI_ENDPOINT`) with `/openai` after it, as Azure's API lives there.
 *
 * @throws {StandinError} `C0030` when no endpoint is given, `C0031` when `AZURE_OPENAI_ENDPOINT` is no http(s) URL.
 */
export function azureBase(settings: AzureOpenAIProviderSettings, provider: string): string {
  const trimmed = (settings.baseURL ?? environmentEndpoint(provider)).replace(/\/+$/, '');
  return /\/openai$/i.test(trimmed) ? trimmed : `${trimmed}/openai`;
}

function environmentEndpoint(provider: string): string {
  const given = process.env.AZURE_OPENAI_ENDPOINT;
  if (given === undefined || given === '') {
    throw new StandinError(
      'C0030',
      `Provider '${provider}' (azure-openai) has no endpoint. Set config.providers.${provider}.baseURL to the ` +
        `resource's endpoint, such as 'https://<resource>.openai.azure.com', or the environment variable ` +
        `AZURE_OPENAI_ENDPOINT.`,
    );
  }
  let url: URL | undefined;
  try {
    url = new URL(given);
  } catch {
    url = undefined;
  }
  if (url === undefined || !/^https?:$/.test(url.protocol) || url.username !== '' || url.password !== '') {
    throw new StandinError(
      'C0031',
      `Provider '${provider}' (azure-openai): the environment variable AZURE_OPENAI_ENDPOINT is not an http(s) URL ` +
        `without credentials. Set it to the resource's endpoint, such as 'https://<resource>.openai.azure.com'.`,
    );
  }
  return url.href;
}
