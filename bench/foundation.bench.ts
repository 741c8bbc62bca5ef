import { Container, ContainerModule } from 'inversify';
import { Tokens } from '../src/index.js';
import { createTestContainer } from '../src/testing.js';
import { compare, formatNs, heapDrift, report } from './harness.js';

const config = {
  models: {
    writer: { provider: 'anthropic', model: 'claude-sonnet-4-5', fallback: ['backup'] },
    backup: { provider: 'openai', model: 'gpt-4.1-mini' },
  },
};

export default async function foundation(): Promise<void> {
  // 1. Building a test container, against building a bare inversify container with as many bindings.
  const bare = (): Container => {
    const c = new Container();
    c.load(
      new ContainerModule(({ bind }) => {
        for (const token of Object.values(Tokens)) bind(token as symbol).toConstantValue({});
      }),
    );
    return c;
  };
  const [made, withModels, baseline] = await compare([
    { name: 'createTestContainer()', fn: () => createTestContainer() },
    {
      name: 'createTestContainer(config), two models on the openai and anthropic adapters',
      fn: () => createTestContainer(config),
    },
    { name: 'bare inversify container, one binding per token', fn: bare },
  ]);
  report('Foundation: building a container', [
    {
      label: made!.name,
      value: formatNs(made!.medianNs),
      baseline: `${formatNs(baseline!.medianNs)} (${baseline!.name})`,
      ratio: `${(made!.medianNs / baseline!.medianNs).toFixed(2)}x`,
      target: '<= 50 µs',
      met: made!.medianNs <= 50_000,
    },
    {
      label: withModels!.name,
      value: formatNs(withModels!.medianNs),
      baseline: `${formatNs(baseline!.medianNs)} (bare)`,
      ratio: `${(withModels!.medianNs / baseline!.medianNs).toFixed(2)}x (two real adapters bound, guarded)`,
    },
  ]);

  // 2. Entering a scope and taking one step index, against the bare store call.
  const container = createTestContainer(config);
  const scopes = container.get(Tokens.Scopes);
  const store = container.get(Tokens.CursorStore);
  let i = 0;
  const [scoped, plain] = await compare([
    {
      name: 'scope + stepIndex',
      fn: () => scopes.run('bench', () => store.stepIndex(scopes.current(), 'writer', `s${i++ & 1023}`)),
    },
    { name: 'bare stepIndex', fn: () => store.stepIndex('bench', 'writer', `s${i++ & 1023}`) },
  ]);
  const over = scoped!.medianNs - plain!.medianNs;
  report('Foundation: entering a scope', [
    {
      label: 'scope + one step index',
      value: formatNs(scoped!.medianNs),
      baseline: `${formatNs(plain!.medianNs)} (bare MemoryCursorStore.stepIndex)`,
      ratio: `+${formatNs(over)} over the bare call`,
      target: '<= 1 µs over the bare call',
      met: over <= 1_000,
    },
  ]);

  // 3. Heap after creating and dropping 10,000 containers.
  report('Foundation: memory', [
    await heapDrift('heap after creating and dropping 10,000 containers (each used once)', 5, async () => {
      for (let n = 0; n < 10_000; n++) {
        const c = createTestContainer(config);
        const s = c.get(Tokens.Scopes);
        await s.run(`scope-${n}`, () => c.get(Tokens.CursorStore).stepIndex(s.current(), 'writer', 'k'));
      }
    }),
  ]);
}
