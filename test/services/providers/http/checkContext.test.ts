import { describe, expect, it } from 'vitest';
import {
  createAnthropicProvider,
  createOpenAIProvider,
  StandinError,
  type CallContext,
  type Provider,
} from '../../../../src/index.js';

const request = { model: 'm', messages: [{ role: 'user' as const, content: 'hi' }] };
/** A fetch that must never be reached: the context is checked before anything is sent. */
const fetch = (): Promise<Response> => Promise.reject(new Error('fetch reached'));

const adapters: [string, Provider][] = [
  ['OpenAI', createOpenAIProvider({ apiKey: 'k', baseURL: 'http://127.0.0.1:9/v1', fetch })],
  ['Anthropic', createAnthropicProvider({ apiKey: 'k', baseURL: 'http://127.0.0.1:9', fetch })],
];

async function replyError(provider: Provider, context: unknown): Promise<StandinError> {
  try {
    for await (const part of provider.reply(request, context as CallContext)) void part;
  } catch (error) {
    expect(error).toBeInstanceOf(StandinError);
    return error as StandinError;
  }
  throw new Error('expected a rejection');
}

describe.each(adapters)('the %s adapter called directly', (name, provider) => {
  it.each([
    ['no context', undefined, 'with no context (undefined)'],
    ['an empty context', {}, "field 'provider' is missing"],
    ['a context without a model', { provider: 'p' }, "field 'model' is missing"],
    ['a context without a signal', { provider: 'p', model: 'm' }, "field 'signal' is missing"],
    [
      'a context without an attempt',
      { provider: 'p', model: 'm', signal: new AbortController().signal },
      "field 'attempt' is missing",
    ],
    [
      'a signal of the wrong type',
      { provider: 'p', model: 'm', signal: {}, attempt: 1 },
      "field 'signal' is of the wrong type",
    ],
    [
      'a throwing getter',
      {
        get provider(): string {
          throw new Error('boom');
        },
      },
      "field 'provider' threw when read",
    ],
  ])('rejects %s with P0007 naming the field, never a TypeError', async (_, context, said) => {
    const error = await replyError(provider, context);
    expect(error.code).toBe('P0007');
    expect(error.message).toContain(`The ${name} adapter's reply was called with`);
    expect(error.message).toContain(said);
  });
});

describe('the OpenAI adapter called directly for embeddings', () => {
  it('rejects a partial context with P0007', async () => {
    const openai = createOpenAIProvider({ apiKey: 'k', baseURL: 'http://127.0.0.1:9/v1', fetch });
    await expect(openai.embed!('x', {} as CallContext)).rejects.toMatchObject({ code: 'P0007' });
  });
});
