import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  capabilities,
  capabilityNames,
  plainCapabilities,
  serve,
} from '../../../src/services/capabilities/capabilities.js';
import type { PlainCapability } from '../../../src/services/spec/CapabilitySpec.js';
import { App } from '../../../src/services/app/App.js';
import { Engine } from '../../../src/services/engine/Engine.js';
import type { Capability } from '../../../src/services/spec/Provider.js';
import { FakeModel } from '../../../src/fakes/model/FakeModel.js';
import { readAnswers } from '../../../src/fakes/model/readAnswers.js';

// A new modality must reach every table below; each `it` names the table a missing one is absent from.
describe('capabilities', () => {
  it('lists every Capability of the provider contract, reply first', () => {
    expectTypeOf<(typeof capabilityNames)[number]>().toEqualTypeOf<Capability>();
    expectTypeOf<keyof typeof capabilities>().toEqualTypeOf<PlainCapability>();
    expect(capabilityNames).toEqual(['reply', ...plainCapabilities]);
  });

  it.each(plainCapabilities)('%s names itself, its provider method and its record answer', (name) => {
    const spec = capabilities[name];
    expect(spec.name).toBe(name);
    expect(spec.answer).toMatch(/^a function /);
  });

  it.each(capabilityNames)('%s is a method of the engine, the app and the faked model', (name) => {
    expect(Engine.prototype[name]).toBeTypeOf('function');
    expect(App.prototype[name]).toBeTypeOf('function');
    expect(new FakeModel([{ text: 'Hi' }])[name as keyof FakeModel]).toBeTypeOf('function');
  });

  it.each(plainCapabilities)('%s is a key a record of calls may have', (name) => {
    const read = readAnswers({ [name]: () => undefined }, 'test');
    expect(Object.keys(read.calls)).toEqual([name]);
  });

  // A result each capability's provider may give, and the arguments it answers.
  const samples = {
    embed: { args: ['Hello'], result: [0.25, -1] },
    hear: {
      args: [{ audio: new Uint8Array([1, 2, 3]), kind: 'wav', language: 'en' }],
      result: { text: 'reset my password' },
    },
    speak: { args: ['Hello'], result: new Uint8Array([0, 1, 254, 255]) },
    rank: { args: ['password', ['Reset a password', 'Billing']], result: [0.9, 0.1] },
    image: {
      args: ['A lighthouse', { size: '2x2' }],
      result: [{ bytes: new Uint8Array([0xff, 0xd8, 0xff, 0xe0]), mediaType: 'image/jpeg' }],
    },
    call: { args: [{ ticket: 42 }], result: { score: 3, tags: ['a'] } },
    countTokens: { args: [{ messages: [{ role: 'user', content: 'Hello' }] }], result: 12 },
  } as const satisfies Record<PlainCapability, { args: readonly unknown[]; result: unknown }>;

  it.each(plainCapabilities)(
    '%s records a result as an answer its schema takes, and replays the same result',
    (name) => {
      const { recorded } = capabilities[name] as unknown as {
        recorded: {
          schema: { parse(value: unknown): object };
          answer(result: unknown): object | undefined;
          result(answer: object): unknown;
        };
      };
      const { result } = samples[name];
      // Bytes a result carries are replayed as they were only when the recording keeps them.
      const answer = (recorded.answer as (result: unknown, keep: { bytes: boolean }) => object | undefined)(result, {
        bytes: true,
      });
      expect(answer).toBeDefined();
      const read = recorded.schema.parse(JSON.parse(JSON.stringify(answer)));
      expect(recorded.result(read)).toEqual(result);
    },
  );

  it.each(plainCapabilities)('%s has a recorded request of plain named fields, bytes as their digest', (name) => {
    const request = (capabilities[name].request as (args: readonly unknown[]) => Readonly<Record<string, unknown>>)(
      samples[name].args,
    );
    expect(JSON.parse(JSON.stringify(request))).toEqual(request);
  });

  it('keeps no result that breaks the contract as a recorded answer', () => {
    expect(capabilities.embed.recorded.answer('no vector' as never)).toBeUndefined();
    expect(capabilities.speak.recorded.answer('no bytes' as never)).toBeUndefined();
    expect(capabilities.rank.recorded.schema.safeParse(capabilities.rank.recorded.answer([Number.NaN])).success).toBe(
      false,
    );
    expect(capabilities.hear.recorded.schema.safeParse(capabilities.hear.recorded.answer({} as never)).success).toBe(
      false,
    );
  });

  it('keeps the audio of a hear request as its length and SHA-256, never its bytes', () => {
    expect(capabilities.hear.request([{ audio: new Uint8Array([1, 2, 3]), kind: 'wav' }])).toEqual({
      audio: { bytes: 3, sha256: '039058c6f2c0cb492c533b0a4d14ef77cc0f78abccced5287d84a1a2011cfb81' },
      kind: 'wav',
      language: undefined,
      hint: undefined,
    });
  });

  it.each(plainCapabilities)('serve makes a %s method that hands its arguments and context on', async (name) => {
    const context = { modelName: 'm' } as never;
    let seen: unknown;
    const method = serve(name, async (args, got) => {
      seen = [args, got];
      return samples[name].result as never;
    }) as (...all: unknown[]) => Promise<unknown>;
    await expect(method(...samples[name].args, context)).resolves.toEqual(samples[name].result);
    expect(seen).toEqual([samples[name].args, context]);
  });
});
