import { createOpenRouterProvider } from 'standin';
import { providerScenarios } from 'standin/conformance';
import { conformsOverTheWire } from '../support/overTheWire.js';

conformsOverTheWire({
  name: 'the OpenRouter adapter against the wire server',
  adapter: ({ url, headers, fetch, apiKey }) =>
    createOpenRouterProvider({
      baseURL: `${url}/api/v1`,
      headers,
      fetch,
      apiKey,
      models: ['openai/gpt-4.1-mini'],
      provider: { order: ['anthropic'], allow_fallbacks: true },
    }),
  claims: [
    ...providerScenarios.filter((scenario) => scenario.startsWith('fail:')),
    ...(['text', 'value', 'calls', 'length', 'slow'] as const),
  ],
  provider: 'openrouter',
});
