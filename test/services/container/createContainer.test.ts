import { ContainerModule } from 'inversify';
import { describe, expect, it } from 'vitest';
import { createContainer, Tokens } from '../../../src/index.js';
import { Engine } from '../../../src/services/engine/Engine.js';
import { Scopes } from '../../../src/testing.js';
import { MemoryCursorStore } from '../../../src/conformance.js';
import { SystemClock } from '../../../src/services/clock/SystemClock.js';
import { InstantClock } from '../../../src/testing.js';
import { createTestContainer, testModule } from '../../../src/testing.js';

const config = { models: { writer: { provider: 'openai', model: 'gpt-4.1-mini' } } };

describe(createContainer, () => {
  it('binds the parsed config, every default filled in', () => {
    expect(createContainer(config).get(Tokens.Config).retry.attempts).toBe(3);
  });

  it('binds the production services', () => {
    const container = createContainer(config);
    expect(container.get(Tokens.Clock)).toBeInstanceOf(SystemClock);
    expect(container.get(Tokens.CursorStore)).toBeInstanceOf(MemoryCursorStore);
    expect(container.get(Tokens.Scopes)).toBeInstanceOf(Scopes);
    expect(container.get(Tokens.Engine)).toBeInstanceOf(Engine);
    expect(container.get(Tokens.Random)).toBe(Math.random);
    expect(container.isBound(Tokens.RealCallGuard)).toBe(false);
  });

  it('keeps one cursor store, one engine and one clock per container', () => {
    const container = createContainer(config);
    expect(container.get(Tokens.CursorStore)).toBe(container.get(Tokens.CursorStore));
    expect(container.get(Tokens.Engine)).toBe(container.get(Tokens.Engine));
    expect(container.get(Tokens.Clock)).toBe(container.get(Tokens.Clock));
  });

  it('shares nothing between two containers', async () => {
    const one = createContainer(config);
    const two = createContainer(config);
    expect(one.get(Tokens.CursorStore)).not.toBe(two.get(Tokens.CursorStore));
    expect(one.get(Tokens.Engine).id).not.toBe(two.get(Tokens.Engine).id);
    expect(one.get(Tokens.Scopes)).not.toBe(two.get(Tokens.Scopes));
    await one.get(Tokens.CursorStore).advance('', 'script');
    expect(await two.get(Tokens.CursorStore).peek('', 'script')).toBe(0);
  });

  it('loads modules after the production module, so a module can rebind any token', () => {
    const clock = new InstantClock(5);
    const container = createContainer(
      config,
      new ContainerModule(({ rebind }) => {
        rebind(Tokens.Clock).toConstantValue(clock);
      }),
    );
    expect(container.get(Tokens.Clock)).toBe(clock);
    expect(container.get(Tokens.Engine)).toBeInstanceOf(Engine);
  });

  it('loads modules in the order given', () => {
    const container = createContainer(
      config,
      new ContainerModule(({ rebind }) => {
        rebind(Tokens.Random).toConstantValue(() => 0.25);
      }),
      new ContainerModule(({ rebind }) => {
        rebind(Tokens.Random).toConstantValue(() => 0.75);
      }),
    );
    expect(container.get(Tokens.Random)()).toBe(0.75);
  });

  it('rejects a bad config before building anything', () => {
    expect(() => createContainer({ models: { writer: { provider: 'openai' } } } as never)).toThrow(
      expect.objectContaining({ code: 'C0001' }),
    );
  });
});

describe(createTestContainer, () => {
  it('binds an instant clock and the real-call guard', () => {
    const container = createTestContainer(config);
    expect(container.get(Tokens.Clock)).toBeInstanceOf(InstantClock);
    expect(container.isBound(Tokens.RealCallGuard)).toBe(true);
  });

  it('needs no config', () => {
    expect(createTestContainer().get(Tokens.Config).models).toEqual({});
  });

  it('loads the given modules over the test bindings', () => {
    const clock = new InstantClock(100);
    const container = createTestContainer(
      config,
      new ContainerModule(({ rebind }) => void rebind(Tokens.Clock).toConstantValue(clock)),
    );
    expect(container.get(Tokens.Clock)).toBe(clock);
  });

  it('makes a fresh instant clock per container', async () => {
    const one = createTestContainer();
    await one.get(Tokens.Clock).sleep(1_000);
    expect(createTestContainer().get(Tokens.Clock).now()).toBe(0);
  });
});

describe(testModule, () => {
  it('turns a production container into a test one', () => {
    const container = createContainer(config, testModule());
    expect(container.get(Tokens.Clock)).toBeInstanceOf(InstantClock);
    expect(container.isBound(Tokens.RealCallGuard)).toBe(true);
  });
});
