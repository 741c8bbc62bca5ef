import { createOllamaProvider } from 'standin';
import { providerScenarios } from 'standin/conformance';
import { conformsOverTheWire } from '../support/overTheWire.js';

conformsOverTheWire({
  name: 'the Ollama adapter against the wire server',
  adapter: ({ url, headers, fetch, apiKey }) => createOllamaProvider({ baseURL: url, headers, fetch, apiKey }),
  claims: [
    ...providerScenarios.filter((scenario) => scenario.startsWith('fail:')),
    ...(['text', 'value', 'calls', 'length', 'slow', 'embed'] as const),
  ],
  provider: 'ollama',
});
