import { createGeminiProvider } from 'standin';
import { providerScenarios } from 'standin/conformance';
import { conformsOverTheWire } from '../support/overTheWire.js';

conformsOverTheWire({
  name: 'the Gemini adapter against the wire server',
  adapter: ({ url, headers, fetch, apiKey }) =>
    createGeminiProvider({ baseURL: `${url}/v1beta`, headers, fetch, apiKey }),
  claims: [
    ...providerScenarios.filter((scenario) => scenario.startsWith('fail:')),
    ...(['text', 'value', 'calls', 'length', 'slow', 'embed', 'image', 'countTokens'] as const),
  ],
  provider: 'gemini',
});
