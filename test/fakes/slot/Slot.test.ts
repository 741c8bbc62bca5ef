import { describe, expect, it } from 'vitest';
import type { Layer, LayerKind } from '../../../src/fakes/slot/Layer.js';
import { Slot, type SlotKind } from '../../../src/fakes/slot/Slot.js';
import { StandinError } from '../../../src/index.js';

/** A service that says who it is, and which capabilities it offers. */
interface Named {
  readonly name: string;
  readonly offers: readonly string[];
  readonly real?: boolean;
}

const kind: SlotKind<Named> = {
  subject: "Model 'writer'",
  offers: (service, capability) => service.offers.includes(capability),
  real: (service) => service.real === true,
  unfaked: (scope, scopes) => new StandinError('T0041', `unfaked in '${scope}', faked for ${scopes.join(', ')}`),
};

function layer(name: string, layerKind: LayerKind = 'fake', scope?: string, offers = ['reply']): Layer<Named> {
  return {
    kind: layerKind,
    scope,
    label: name,
    source: {},
    service: { name, offers },
    findings: async () => [],
    forget: () => undefined,
  };
}

const real: Named = { name: 'real adapter', offers: ['reply', 'embed'], real: true };
const base = (): Named => real;
const answer = (slot: Slot<Named>, scope = '', capability = 'reply'): string | undefined =>
  slot.answer(capability, scope, base)?.name;

describe(Slot, () => {
  describe('.answer', () => {
    it('gives a call to the base while the slot has no layer', () => {
      expect(answer(new Slot('writer', kind))).toBe('real adapter');
    });

    it('gives a call to the last layer pushed first', () => {
      const slot = new Slot('writer', kind);
      slot.put(layer('fake'));
      slot.put(layer('cassette', 'cassette'));
      expect(answer(slot)).toBe('cassette');
    });

    it('hands a call a layer cannot take (a capability it lacks) to the layer below', () => {
      const slot = new Slot('writer', kind);
      slot.put(layer('fake', 'fake', undefined, ['reply', 'embed']));
      slot.put(layer('cassette', 'cassette', undefined, ['reply']));
      expect(answer(slot, '', 'embed')).toBe('fake');
    });

    it("gives a call to its scope's own layers before the layers for every scope, whatever the order", () => {
      const slot = new Slot('writer', kind);
      slot.put(layer('scope a', 'fake', 'a'));
      slot.put(layer('every scope'));
      expect(answer(slot, 'a')).toBe('scope a');
      expect(answer(slot, 'b')).toBe('every scope');
    });

    it('reaches what is below a layer when asked from it: the older layers, then the base', () => {
      const slot = new Slot('writer', kind);
      const fake = layer('fake');
      const cassette = layer('cassette', 'cassette');
      slot.put(fake);
      slot.put(cassette);
      expect(slot.answer('reply', '', base, cassette)?.name).toBe('fake');
      expect(slot.answer('reply', '', base, fake)?.name).toBe('real adapter');
    });

    it('fails a call in a scope only other scopes are faked for, rather than reach a real base', () => {
      const slot = new Slot('writer', kind);
      slot.put(layer('scope a', 'fake', 'a'));
      expect(() => answer(slot, 'b')).toThrow(expect.objectContaining({ code: 'T0041' }));
    });

    it('gives a call in another scope to a base that is no real adapter', () => {
      const slot = new Slot('writer', kind);
      slot.put(layer('scope a', 'fake', 'a'));
      expect(slot.answer('reply', 'b', () => ({ name: 'module fake', offers: ['reply'] }))?.name).toBe('module fake');
    });
  });

  describe('.answer with a layer over every other (a quota)', () => {
    const over = (name: string): Layer<Named> => ({ ...layer(name, 'quota'), over: true });

    it("gives a call to it first, before layers put after it and before a scope's own layers", () => {
      const slot = new Slot('writer', kind);
      slot.put(over('quota'));
      slot.put(layer('fake'));
      slot.put(layer('scope a', 'fake', 'a'));
      expect(answer(slot)).toBe('quota');
      expect(answer(slot, 'a')).toBe('quota');
    });

    it('walks the other layers from the start for what it hands down', () => {
      const slot = new Slot('writer', kind);
      const quota = over('quota');
      slot.put(quota);
      slot.put(layer('fake'));
      slot.put(layer('scope a', 'fake', 'a'));
      expect(slot.answer('reply', 'a', base, quota)?.name).toBe('scope a');
      expect(slot.answer('reply', 'b', base, quota)?.name).toBe('fake');
    });

    it('still fails what it hands down in a scope only other scopes are faked for', () => {
      const slot = new Slot('writer', kind);
      const quota = over('quota');
      slot.put(layer('scope a', 'fake', 'a'));
      slot.put(quota);
      expect(() => slot.answer('reply', 'b', base, quota)).toThrow(expect.objectContaining({ code: 'T0041' }));
    });
  });

  describe('.put', () => {
    it('replaces a layer of the same kind and scope in its place', () => {
      const slot = new Slot('writer', kind);
      slot.put(layer('first fake'));
      slot.put(layer('cassette', 'cassette'));
      slot.put(layer('second fake'));
      expect(slot.layers.map((l) => l.label)).toEqual(['second fake', 'cassette']);
      expect(answer(slot)).toBe('cassette');
    });

    it('keeps layers of the same kind for different scopes apart', () => {
      const slot = new Slot('writer', kind);
      slot.put(layer('a', 'fake', 'a'));
      slot.put(layer('b', 'fake', 'b'));
      slot.put(layer('every'));
      expect(slot.layers.map((l) => l.label)).toEqual(['a', 'b', 'every']);
    });

    it('walks a replacing layer where it stands: over every other when it is, else in its scope', () => {
      const slot = new Slot('writer', kind);
      slot.put(layer('scope fake', 'fake', 'a'));
      slot.put({ ...layer('quota', 'quota', 'a'), over: true });
      slot.put(layer('cassette', 'cassette'));
      expect(answer(slot, 'a')).toBe('quota');
      slot.put(layer('quota, no longer over', 'quota', 'a'));
      expect(slot.layers.map((l) => l.label)).toEqual(['scope fake', 'quota, no longer over', 'cassette']);
      expect(answer(slot, 'a')).toBe('quota, no longer over');
      slot.put(layer('second scope fake', 'fake', 'a'));
      expect(answer(slot, 'a')).toBe('quota, no longer over');
      slot.put({ ...layer('quota again', 'quota', 'a'), over: true });
      expect(answer(slot, 'a')).toBe('quota again');
      expect(slot.answer('reply', 'a', base, slot.layers[1])?.name).toBe('second scope fake');
    });

    it("finds a call's own scope's layers among many scopes' without looking at the others", () => {
      let looked = 0;
      const slot = new Slot('writer', kind);
      for (let i = 0; i < 1000; i++) {
        const own = layer(`scope ${i}`, 'fake', `s${i}`);
        // Each read of a layer's scope is a layer looked at.
        slot.put(Object.defineProperty({ ...own }, 'scope', { get: () => (looked++, own.scope) }));
      }
      looked = 0;
      expect(answer(slot, 's0')).toBe('scope 0');
      expect(looked).toBeLessThan(10);
      expect(() => answer(slot, 'elsewhere')).toThrow(expect.objectContaining({ code: 'T0041' }));
    });
  });

  describe('.clear', () => {
    it('takes every layer off, so the base answers again', () => {
      const slot = new Slot('writer', kind);
      slot.put(layer('scope a', 'fake', 'a'));
      slot.put(layer('fake'));
      expect(slot.clear().map((l) => l.label)).toEqual(['scope a', 'fake']);
      expect(answer(slot, 'a')).toBe('real adapter');
    });
  });
});
