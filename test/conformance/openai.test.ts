import { createOpenAIProvider } from 'standin';
import { providerScenarios } from 'standin/conformance';
import { conformsOverTheWire } from '../support/overTheWire.js';

const claims = [
  ...providerScenarios.filter((scenario) => scenario.startsWith('fail:')),
  ...(['text', 'value', 'calls', 'length', 'slow', 'embed', 'hear', 'speak', 'rank', 'image'] as const),
];

conformsOverTheWire({
  name: 'the OpenAI adapter against the wire server',
  adapter: ({ url, headers, fetch, apiKey }) => createOpenAIProvider({ baseURL: `${url}/v1`, headers, fetch, apiKey }),
  claims,
});

conformsOverTheWire({
  name: "the OpenAI adapter with api: 'responses' against the wire server",
  adapter: ({ url, headers, fetch, apiKey }) =>
    createOpenAIProvider({ baseURL: `${url}/v1`, headers, fetch, apiKey, api: 'responses' }),
  claims,
});
