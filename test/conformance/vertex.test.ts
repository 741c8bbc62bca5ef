import { createVertexProvider } from 'standin';
import { providerScenarios } from 'standin/conformance';
import { conformsOverTheWire } from '../support/overTheWire.js';

const claims = [
  ...providerScenarios.filter((scenario) => scenario.startsWith('fail:')),
  ...(['text', 'value', 'calls', 'length', 'slow', 'embed', 'image', 'countTokens'] as const),
];

conformsOverTheWire({
  name: "the Vertex adapter against the wire server, on a project's paths with a bearer token",
  adapter: ({ url, headers, fetch, apiKey }) =>
    createVertexProvider({
      baseURL: url,
      project: 'help-desk-test',
      location: 'europe-west4',
      token: () => apiKey,
      headers,
      fetch,
    }),
  claims,
  provider: 'vertex',
});

conformsOverTheWire({
  name: 'the Vertex adapter against the wire server, in express mode',
  adapter: ({ url, headers, fetch, apiKey }) => createVertexProvider({ baseURL: url, headers, fetch, apiKey }),
  claims,
  provider: 'vertex',
});
