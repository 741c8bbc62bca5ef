import type { Container } from 'inversify';
import { describe, expectTypeOf, it } from 'vitest';
import {
  Tokens,
  type Clock,
  type CursorStore,
  type Engine,
  type Provider,
  type StandinConfig,
} from '../../src/index.js';
import { type Scopes } from '../../src/testing.js';
import type { CallGuard } from '../../src/services/dispatch/CallGuard.js';

declare const container: Container;

describe('Tokens', () => {
  it('types container.get(Tokens.CursorStore) as the CursorStore service', () => {
    expectTypeOf(container.get(Tokens.CursorStore)).toEqualTypeOf<CursorStore>();
  });

  it('types every other token as its service', () => {
    expectTypeOf(container.get(Tokens.Config)).toEqualTypeOf<StandinConfig>();
    expectTypeOf(container.get(Tokens.Clock)).toEqualTypeOf<Clock>();
    expectTypeOf(container.get(Tokens.Provider, { name: 'openai' })).toEqualTypeOf<Provider>();
    expectTypeOf(container.get(Tokens.Scopes)).toEqualTypeOf<Scopes>();
    expectTypeOf(container.get(Tokens.Engine)).toEqualTypeOf<Engine>();
    expectTypeOf(container.get(Tokens.RealCallGuard)).toEqualTypeOf<CallGuard>();
    expectTypeOf(container.get(Tokens.Random)).toEqualTypeOf<() => number>();
  });

  it('refuses to bind a value of the wrong type', () => {
    // @ts-expect-error a number is not a CursorStore
    container.bind(Tokens.CursorStore).toConstantValue(42);
  });
});
