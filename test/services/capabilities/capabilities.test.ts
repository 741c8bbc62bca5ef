import { describe, expect, expectTypeOf, it } from 'vitest';
import { capabilities, capabilityNames, plainCapabilities } from '../../../src/services/capabilities/capabilities.js';
import type { PlainCapability } from '../../../src/services/capabilities/CapabilitySpec.js';
import { App } from '../../../src/services/app/App.js';
import { Engine } from '../../../src/services/engine/Engine.js';
import type { Capability } from '../../../src/services/providers/Provider.js';
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
    expect(FakeModel.prototype[name]).toBeTypeOf('function');
  });

  it.each(plainCapabilities)('%s is a key a record of calls may have', (name) => {
    const read = readAnswers({ [name]: () => undefined }, 'test');
    expect(Object.keys(read.calls)).toEqual([name]);
  });
});
