import { describe } from 'vitest';
import { createOllamaProvider } from 'standin';
import { providerScenarios } from 'standin/conformance';
import { conformsOverTheWire } from '../support/overTheWire.js';

const failures = providerScenarios.filter((scenario) => scenario.startsWith('fail:'));

describe('/api/chat, streamed', () => {
  conformsOverTheWire({
    name: 'the Ollama adapter against the wire server, streamed',
    adapter: ({ url, headers, fetch, apiKey }) => createOllamaProvider({ baseURL: url, headers, fetch, apiKey }),
    claims: [...failures, ...(['text', 'value', 'calls', 'length', 'slow', 'embed'] as const)],
    provider: 'ollama',
  });
});

describe('/api/chat, whole', () => {
  // A whole answer sends nothing until it is whole, so a reply held mid-way ('slow') has no start to wait for.
  conformsOverTheWire({
    name: 'the Ollama adapter against the wire server, whole',
    adapter: ({ url, headers, fetch, apiKey }) =>
      createOllamaProvider({ baseURL: url, headers, fetch, apiKey, stream: false }),
    claims: [...failures, ...(['text', 'value', 'calls', 'length'] as const)],
    provider: 'ollama',
  });
});
