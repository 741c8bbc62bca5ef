import { createOpenAIProvider } from 'standin';
import { providerScenarios } from 'standin/testing';
import { conformsOverTheWire } from '../support/overTheWire.js';

conformsOverTheWire({
  name: 'the OpenAI adapter against the wire server',
  adapter: ({ url, headers, fetch, apiKey }) => createOpenAIProvider({ baseURL: `${url}/v1`, headers, fetch, apiKey }),
  claims: [
    ...providerScenarios.filter((scenario) => scenario.startsWith('fail:')),
    ...(['text', 'value', 'calls', 'length', 'slow', 'embed', 'hear', 'speak', 'image'] as const),
  ],
});
