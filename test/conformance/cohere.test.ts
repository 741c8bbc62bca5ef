import { createCohereProvider } from 'standin';
import { providerScenarios } from 'standin/conformance';
import { conformsOverTheWire } from '../support/overTheWire.js';

conformsOverTheWire({
  name: 'the Cohere adapter against the wire server',
  adapter: ({ url, headers, fetch, apiKey }) => createCohereProvider({ baseURL: url, headers, fetch, apiKey }),
  claims: [
    ...providerScenarios.filter((scenario) => scenario.startsWith('fail:')),
    ...(['text', 'value', 'calls', 'length', 'slow', 'embed', 'rank'] as const),
  ],
  provider: 'cohere',
});
