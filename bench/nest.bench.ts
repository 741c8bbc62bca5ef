import { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Test } from '@nestjs/testing';
import { ContainerModule } from 'inversify';
import { demoWriter } from '../examples/helpdesk/src/demo/demoWriter.js';
import { HelpdeskModule } from '../examples/helpdesk/src/HelpdeskModule.js';
import { demoConfig, helpdeskServices } from '../examples/helpdesk/src/services.js';
import { writer } from '../examples/helpdesk/src/tickets/writer.js';
import { Tokens, type App, type Provider } from '../src/index.js';
import { StandinScopeMiddleware, useStandin } from '../src/nest.js';
import { createTestApp, type TestApp } from '../src/testing.js';
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
function exchange(headers: Record<string, string> = {}): {
  request: IncomingMessage;
  response: ServerResponse & EventEmitter;
} {
  return { request: { headers } as IncomingMessage, response: new EventEmitter() as ServerResponse & EventEmitter };
}

/** What a help-desk test builds with standin's helper: a test app with a faked writer and a scripted classifier. */
function helpdeskTestApp(): TestApp {
  const app = createTestApp(demoConfig);
  app.fake('writer', demoWriter, writer);
  app.fakeClassifier([{ answers: { team: 'billing', frustration: 2, refund: 0.9 } }]);
  return app;
}

/** Building a test application for the help desk: standin's helper alone, against Nest's testing module for the same module. */
async function testApplications(): Promise<void> {
  const [standin, withNest, nestAlone] = await compare(
    [
      { name: 'createTestApp + app.fake + app.fakeClassifier', fn: helpdeskTestApp },
      {
        name: 'Test.createTestingModule({ imports: [HelpdeskModule] }) with useStandin and the same test app, compile() and close()',
        fn: async () => {
          const moduleRef = await useStandin(
            Test.createTestingModule({ imports: [HelpdeskModule.forRoot({ config: demoConfig })] }),
            helpdeskTestApp(),
          ).compile();
          await moduleRef.close();
        },
      },
      {
        name: 'Test.createTestingModule({ imports: [HelpdeskModule] }) as npm start declares it, compile() and close()',
        fn: async () => {
          const moduleRef = await Test.createTestingModule({
            imports: [HelpdeskModule.forRoot(helpdeskServices({}).settings)],
          }).compile();
          await moduleRef.close();
        },
      },
    ],
    // Container building is heavy on garbage; a longer run steadies the medians.
    { budgetMs: 2_000 },
  );
  const ratio = withNest!.medianNs / standin!.medianNs;
  report('NestJS: building a test application for the help desk', [
    {
      label: standin!.name,
      value: formatNs(standin!.medianNs),
      baseline: `${formatNs(withNest!.medianNs)} (${withNest!.name})`,
      ratio: `${ratio.toFixed(1)}x faster`,
      target: '>= 20x faster than the Nest testing module',
      met: ratio >= 20,
    },
    {
      label: 'the same, as means (garbage collection amortised)',
      value: formatNs(standin!.meanNs),
      baseline: formatNs(withNest!.meanNs),
      ratio: `${(withNest!.meanNs / standin!.meanNs).toFixed(1)}x faster`,
    },
    {
      label: nestAlone!.name,
      value: formatNs(nestAlone!.medianNs),
      ratio: `${(nestAlone!.medianNs / standin!.medianNs).toFixed(1)}x the standin-only path`,
    },
  ]);
}

export default async function nest(): Promise<void> {
  await testApplications();

  const made: { app?: App } = {};
  made.app = createTestApp(
    { models: { writer: { provider: 'main', model: 'm' } } },
    new ContainerModule(
      ({ bind }) =>
        void bind(Tokens.Provider)
          .toConstantValue(cursorProvider(() => made.app!))
          .whenNamed('main'),
    ),
  );
  const app = made.app;
  const production = new StandinScopeMiddleware(app, { trustScopeHeader: false });
  const named = new StandinScopeMiddleware(app, {});
  const next = (): number => 1;

  const [scoped, header, bare] = await compare([
    {
      name: 'scope middleware, a scope of its own per request',
      fn: () => {
        const { request, response } = exchange();
        production.use(request, response, next);
        response.emit('close');
      },
    },
    {
      name: 'scope middleware, a scope named by the header (test mode)',
      fn: () => {
        const { request, response } = exchange({ 'x-standin-scope': 'e2e-1' });
        named.use(request, response, next);
      },
    },
    {
      name: 'bare: the same request without the middleware',
      fn: () => {
        const { response } = exchange();
        next();
        response.emit('close');
      },
    },
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
