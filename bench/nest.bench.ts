import { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ContainerModule } from 'inversify';
import { Tokens, type App, type Provider } from '../src/index.js';
import { StandinScopeMiddleware } from '../src/nest.js';
import { createTestApp } from '../src/testing.js';
import { compare, formatNs, heapDrift, report } from './harness.js';

/** A provider that takes an answer index from the cursor store, as a scripted fake does. */
function cursorProvider(app: () => App): Provider {
  return {
    async *reply(_, context) {
      await app().container.get(Tokens.CursorStore).stepIndex(context.scope, 'bench', context.stepKey);
      yield { type: 'text', text: 'ok' };
      yield { type: 'finish', reason: 'stop' };
    },
  };
}

/** The least of a request and a response the middleware reads: headers, and 'close'. */
function exchange(headers: Record<string, string> = {}): { request: IncomingMessage; response: ServerResponse & EventEmitter } {
  return { request: { headers } as IncomingMessage, response: new EventEmitter() as ServerResponse & EventEmitter };
}

export default async function nest(): Promise<void> {
  const made: { app?: App } = {};
  made.app = createTestApp(
    { models: { writer: { provider: 'main', model: 'm' } } },
    new ContainerModule(({ bind }) => void bind(Tokens.Provider).toConstantValue(cursorProvider(() => made.app!)).whenNamed('main')),
  );
  const app = made.app;
  const production = new StandinScopeMiddleware(app, { trustScopeHeader: false });
  const named = new StandinScopeMiddleware(app, {});
  const next = (): number => 1;

  const [scoped, header, bare] = await compare([
    { name: 'scope middleware, a scope of its own per request', fn: () => { const { request, response } = exchange(); production.use(request, response, next); response.emit('close'); } },
    { name: 'scope middleware, a scope named by the header (test mode)', fn: () => { const { request, response } = exchange({ 'x-standin-scope': 'e2e-1' }); named.use(request, response, next); } },
    { name: 'bare: the same request without the middleware', fn: () => { const { response } = exchange(); next(); response.emit('close'); } },
  ]);
  report('NestJS: the per-request scope middleware', [
    {
      label: scoped!.name,
      value: formatNs(scoped!.medianNs),
      baseline: `${formatNs(bare!.medianNs)} (${bare!.name})`,
      ratio: `+${formatNs(scoped!.medianNs - bare!.medianNs)} a request`,
      target: '<= 2 µs added a request',
      met: scoped!.medianNs - bare!.medianNs <= 2_000,
    },
    {
      label: header!.name,
      value: formatNs(header!.medianNs),
      baseline: `${formatNs(bare!.medianNs)} (bare)`,
      ratio: `+${formatNs(header!.medianNs - bare!.medianNs)} a request`,
      target: '<= 2 µs added a request',
      met: header!.medianNs - bare!.medianNs <= 2_000,
    },
  ]);

  // 100,000 requests, each taking a cursor in its own scope, then ending.
  const handle = async (): Promise<void> => {
    const { request, response } = exchange();
    await new Promise<void>((resolve, reject) => {
      production.use(request, response, () => {
        app.reply('writer', { messages: 'hi' }).then(() => resolve(), reject);
      });
    });
    response.emit('close');
  };
  await handle();
  report('NestJS: memory', [
    await heapDrift('heap after 100,000 requests through the scope middleware, each moving a cursor', 10, async () => {
      for (let n = 0; n < 100_000; n++) await handle();
    }),
  ]);
}
