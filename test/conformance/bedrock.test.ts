import { describe } from 'vitest';
import { createBedrockProvider } from 'standin';
import { providerScenarios } from 'standin/conformance';
import { conformsOverTheWire } from '../support/overTheWire.js';

const failures = providerScenarios.filter((scenario) => scenario.startsWith('fail:'));

describe('ConverseStream', () => {
  conformsOverTheWire({
    name: 'the Bedrock adapter against the wire server, streamed',
    adapter: ({ url, headers, fetch, apiKey }) =>
      createBedrockProvider({ baseURL: url, region: 'us-east-1', headers, fetch, apiKey }),
    claims: [...failures, ...(['text', 'value', 'calls', 'length', 'slow'] as const)],
    provider: 'bedrock',
  });
});

describe('Converse', () => {
  // A whole answer sends nothing until it is whole, so a reply held mid-way ('slow') has no start to wait for.
  conformsOverTheWire({
    name: 'the Bedrock adapter against the wire server, whole',
    adapter: ({ url, headers, fetch, apiKey }) =>
      createBedrockProvider({ baseURL: url, region: 'us-east-1', headers, fetch, apiKey, stream: false }),
    claims: [...failures, ...(['text', 'value', 'calls', 'length'] as const)],
    provider: 'bedrock',
  });
});
