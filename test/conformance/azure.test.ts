import { createAzureOpenAIProvider } from 'standin';
import { providerScenarios } from 'standin/conformance';
import { conformsOverTheWire } from '../support/overTheWire.js';

const claims = [
  ...providerScenarios.filter((scenario) => scenario.startsWith('fail:')),
  ...(['text', 'value', 'calls', 'length', 'slow', 'embed', 'hear', 'speak', 'image'] as const),
];

conformsOverTheWire({
  name: "the Azure OpenAI adapter against the wire server, on a deployment's paths",
  adapter: ({ url, headers, fetch, apiKey }) => createAzureOpenAIProvider({ baseURL: url, headers, fetch, apiKey }),
  claims,
});

conformsOverTheWire({
  name: 'the Azure OpenAI adapter against the wire server, on the v1 paths',
  adapter: ({ url, headers, fetch, apiKey }) =>
    createAzureOpenAIProvider({ baseURL: url, headers, fetch, apiKey, apiVersion: 'v1' }),
  claims,
});

conformsOverTheWire({
  name: "the Azure OpenAI adapter with api: 'responses' against the wire server",
  adapter: ({ url, headers, fetch, apiKey }) =>
    createAzureOpenAIProvider({ baseURL: url, headers, fetch, apiKey, api: 'responses' }),
  claims,
});
