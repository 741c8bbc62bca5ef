import { describe, expect, it } from 'vitest';
import { modelAdapterNames, type ModelAdapterName } from '../../../../src/config/adapterNames.js';
import { StandinError } from '../../../../src/errors/StandinError.js';
import { AnthropicProvider } from '../../../../src/services/providers/anthropic/AnthropicProvider.js';
import { AzureOpenAIProvider } from '../../../../src/services/providers/azure/AzureOpenAIProvider.js';
import { BedrockProvider } from '../../../../src/services/providers/bedrock/BedrockProvider.js';
import { CohereProvider } from '../../../../src/services/providers/cohere/CohereProvider.js';
import { GeminiProvider } from '../../../../src/services/providers/gemini/GeminiProvider.js';
import { lazyAdapter } from '../../../../src/services/providers/http/lazyAdapter.js';
import { adapterMethods, makeAdapter } from '../../../../src/services/providers/http/realAdapters.js';
import { OllamaProvider } from '../../../../src/services/providers/ollama/OllamaProvider.js';
import { OpenAIProvider } from '../../../../src/services/providers/openai/OpenAIProvider.js';
import { OpenRouterProvider } from '../../../../src/services/providers/openrouter/OpenRouterProvider.js';
import { VertexProvider } from '../../../../src/services/providers/vertex/VertexProvider.js';
import type { Capability, CallContext, Provider, ReplyPart } from '../../../../src/services/spec/Provider.js';

const capabilities: readonly Capability[] = ['reply', 'embed', 'hear', 'speak', 'rank', 'image', 'call', 'countTokens'];
const classes: Readonly<Record<ModelAdapterName, { prototype: object }>> = {
  openai: OpenAIProvider,
  anthropic: AnthropicProvider,
  'azure-openai': AzureOpenAIProvider,
  bedrock: BedrockProvider,
  gemini: GeminiProvider,
  ollama: OllamaProvider,
  cohere: CohereProvider,
  vertex: VertexProvider,
  openrouter: OpenRouterProvider,
};
const context = {} as CallContext;
const parts: ReplyPart[] = [
  { type: 'text', text: 'Hi' },
  { type: 'text', text: ' there' },
  { type: 'finish', reason: 'stop' },
];

/** A provider module that counts its loads and the parts it was asked for. */
function counted() {
  const seen = { loads: 0, pulled: 0, closed: false };
  const provider: Provider = {
    async *reply() {
      try {
        for (const part of parts) {
          seen.pulled++;
          yield part;
        }
      } finally {
        seen.closed = true;
      }
    },
    embed: async (text) => [text.length],
  };
  const load = async (): Promise<Provider> => {
    seen.loads++;
    return provider;
  };
  return { seen, load };
}

describe(lazyAdapter, () => {
  it('loads nothing until the first call, then loads once', async () => {
    const { seen, load } = counted();
    const adapter = lazyAdapter('openai', ['reply', 'embed'], load);
    expect(seen.loads).toBe(0);
    expect(await adapter.embed('four', context)).toEqual([4]);
    expect(await adapter.embed('three', context)).toEqual([5]);
    expect(seen.loads).toBe(1);
  });

  it('offers the listed capabilities and no other, and is real', () => {
    const adapter = lazyAdapter('openai', ['reply', 'embed'], counted().load);
    expect(capabilities.filter((name) => typeof (adapter as Provider)[name] === 'function')).toEqual([
      'reply',
      'embed',
    ]);
    expect(adapter).toMatchObject({ real: true, adapter: 'openai' });
  });

  it("streams the adapter's parts and closes it when the reader stops early", async () => {
    const { seen, load } = counted();
    const adapter = lazyAdapter('openai', ['reply'], load);
    const read: ReplyPart[] = [];
    for await (const part of adapter.reply({ model: 'writer', messages: [] }, context)) {
      read.push(part);
      break;
    }
    expect(read).toEqual([parts[0]]);
    expect(seen).toMatchObject({ pulled: 1, closed: true });
    const whole: ReplyPart[] = [];
    for await (const part of adapter.reply({ model: 'writer', messages: [] }, context)) whole.push(part);
    expect(whole).toEqual(parts);
  });

  it('rejects each call with what the load threw', async () => {
    const adapter = lazyAdapter('openai', ['embed'], () => Promise.reject(new Error('module missing')));
    await expect(adapter.embed('a', context)).rejects.toThrow('module missing');
    await expect(adapter.embed('b', context)).rejects.toThrow('module missing');
  });
});

describe('adapterMethods', () => {
  it.each(modelAdapterNames)("lists exactly the capabilities the %s adapter's class offers", (name) => {
    const prototype = classes[name].prototype as Record<string, unknown>;
    expect([...adapterMethods(name)].sort()).toEqual(
      capabilities.filter((method) => typeof prototype[method] === 'function').sort(),
    );
  });
});

describe('makeAdapter', () => {
  it('reads the settings when made, before any call', () => {
    expect(() => makeAdapter('openai', { baseURL: 42 }, 'settings')).toThrow(StandinError);
    expect(() => makeAdapter('openai', { baseURL: 42 }, 'settings')).toThrow(
      expect.objectContaining({ code: 'P0004' }),
    );
  });
});
