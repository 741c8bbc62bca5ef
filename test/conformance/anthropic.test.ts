import { createAnthropicProvider } from 'standin';
import { providerScenarios } from 'standin/conformance';
import { conformsOverTheWire } from '../support/overTheWire.js';

conformsOverTheWire({
  name: 'the Anthropic adapter against the wire server',
  adapter: ({ url, headers, fetch, apiKey }) => createAnthropicProvider({ baseURL: url, headers, fetch, apiKey }),
  claims: [
    ...providerScenarios.filter((scenario) => scenario.startsWith('fail:')),
    ...(['text', 'value', 'calls', 'length', 'slow', 'countTokens'] as const),
  ],
  provider: 'anthropic',
});
