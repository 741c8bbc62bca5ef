import { describe, expect, it } from 'vitest';
import { ProviderFailure, type CallContext, type HearInput, type Provider } from '../../../src/index.js';
import { Engine } from '../../../src/services/engine/Engine.js';
import { appWith, says } from '../../support/providers.js';

const models = {
  voice: { provider: 'main', model: 'voice-1', fallback: ['spare'] },
  spare: { provider: 'other', model: 'voice-2' },
};

/** A provider offering every capability, recording what each got. */
function full(): Provider & { seen: [string, unknown, CallContext][] } {
  const seen: [string, unknown, CallContext][] = [];
  return {
    seen,
    async *reply() {
      yield* says('hi');
    },
    async embed(text, context) {
      seen.push(['embed', text, context]);
      return [text.length, 1];
    },
    async hear(input, context) {
      seen.push(['hear', input, context]);
      return { text: `heard ${input.audio.length} bytes of ${input.kind}` };
    },
    async speak(text, context) {
      seen.push(['speak', text, context]);
      return new TextEncoder().encode(text);
    },
    async rank(query, texts, context) {
      seen.push(['rank', { query, texts }, context]);
      return texts.map((t) => (t.includes(query) ? 1 : 0));
    },
    async call(input, context) {
      seen.push(['call', input, context]);
      return { echoed: input };
    },
  };
}

const audio: HearInput = { audio: new Uint8Array([1, 2, 3]), kind: 'wav', language: 'en', hint: 'standin' };

describe(Engine, () => {
  describe('.embed', () => {
    it("answers the provider's vector, with the model's context", async () => {
      const provider = full();
      expect(await appWith({ main: provider }, { models }).embed('voice', 'hello')).toEqual([5, 1]);
      expect(provider.seen[0]![2]).toMatchObject({ modelName: 'voice', model: 'voice-1' });
    });

    it('rejects text that is not a string with E0003', async () => {
      await expect(appWith({ main: full() }, { models }).embed('voice', 7 as never)).rejects.toMatchObject({
        code: 'E0003',
        message: 'E0003: text: expected a string, got a number.',
      });
    });

    it('rejects a provider that answers no vector with E0007', async () => {
      const provider = { ...full(), embed: async () => [Number.NaN] };
      await expect(appWith({ main: provider }, { models }).embed('voice', 'x')).rejects.toMatchObject({
        code: 'E0007',
        message:
          "E0007: Provider 'main' broke the provider contract: embed for model 'voice' should answer a non-empty list of finite numbers.",
      });
    });
  });

  describe('.hear', () => {
    it('answers the text heard', async () => {
      expect(await appWith({ main: full() }, { models }).hear('voice', audio)).toEqual({
        text: 'heard 3 bytes of wav',
      });
    });

    it('rejects audio that is not bytes with E0003', async () => {
      await expect(
        appWith({ main: full() }, { models }).hear('voice', { audio: 'abc', kind: 'wav' } as never),
      ).rejects.toMatchObject({ code: 'E0003', message: expect.stringContaining('input.audio') });
    });
  });

  describe('.speak', () => {
    it('answers the bytes of the text spoken', async () => {
      expect(new TextDecoder().decode(await appWith({ main: full() }, { models }).speak('voice', 'Hello'))).toBe(
        'Hello',
      );
    });

    it('rejects an empty text with E0003', async () => {
      await expect(appWith({ main: full() }, { models }).speak('voice', '')).rejects.toMatchObject({ code: 'E0003' });
    });
  });

  describe('.rank', () => {
    it('answers one score per text, in order', async () => {
      expect(
        await appWith({ main: full() }, { models }).rank('voice', 'reset', ['reset a password', 'billing']),
      ).toEqual([1, 0]);
    });

    it('rejects a provider that answers the wrong number of scores with E0007', async () => {
      const provider = { ...full(), rank: async () => [1] };
      await expect(appWith({ main: provider }, { models }).rank('voice', 'q', ['a', 'b'])).rejects.toMatchObject({
        code: 'E0007',
        message: expect.stringContaining('one finite score per text (2)'),
      });
    });

    it('rejects texts that are not strings with E0003', async () => {
      await expect(appWith({ main: full() }, { models }).rank('voice', 'q', ['a', 3] as never)).rejects.toMatchObject({
        code: 'E0003',
      });
    });
  });

  describe('.call', () => {
    it("answers the model's output", async () => {
      expect(await appWith({ main: full() }, { models }).call('voice', { n: 1 })).toEqual({ echoed: { n: 1 } });
    });
  });

  describe('a capability the provider lacks', () => {
    it.each(['embed', 'hear', 'speak', 'rank', 'call'] as const)(
      '%s fails with E0004 naming the model and the capability',
      async (capability) => {
        const app = appWith({ main: { reply: full().reply } }, { models });
        const calls = {
          embed: () => app.embed('voice', 'x'),
          hear: () => app.hear('voice', audio),
          speak: () => app.speak('voice', 'x'),
          rank: () => app.rank('voice', 'q', ['a']),
          call: () => app.call('voice', 1),
        };
        await expect(calls[capability]()).rejects.toMatchObject({
          code: 'E0004',
          message: `E0004: Model 'voice' (provider 'main') cannot ${capability}: its provider offers no ${capability}. Call a model whose provider offers ${capability}.`,
        });
      },
    );
  });

  describe('retries and fallback', () => {
    it('apply to every capability as to reply', async () => {
      let tries = 0;
      const flaky = {
        ...full(),
        embed: async () => (tries++ < 1 ? Promise.reject(new ProviderFailure('timeout', 'slow')) : [1]),
      };
      const app = appWith({ main: flaky }, { models });
      expect(await app.embed('voice', 'x')).toEqual([1]);
      expect(tries).toBe(2);

      const broken = { ...full(), speak: async () => Promise.reject(new ProviderFailure('auth', 'bad key')) };
      const spare = full();
      expect(
        new TextDecoder().decode(await appWith({ main: broken, other: spare }, { models }).speak('voice', 'hi')),
      ).toBe('hi');
      expect(spare.seen[0]![2].modelName).toBe('spare');
    });
  });
});
