// The help desk's TicketsService tests (examples/helpdesk/test/TicketsService.test.ts), run by jest
// in ESM mode: the same Nest testing module, useStandin, app.fake and verify, with jest's globals.
import { Test, type TestingModule } from '@nestjs/testing';
import { CallFailed, ClassificationAdapterError, Tokens, type App, type RunPart } from 'standin';
import { FakeClassifier } from 'standin/testing';
import { STANDIN_APP, useStandin } from 'standin/nest';
import { createTestApp, type TestApp } from 'standin/testing';
import { afterEach, describe, expect, it } from '@jest/globals';
import { exampleTriageModule } from '../../helpdesk/src/demo/ExampleTriage.js';
import { HelpdeskModule } from '../../helpdesk/src/HelpdeskModule.js';
import { demoConfig } from '../../helpdesk/src/services.js';
import { TicketsService } from '../../helpdesk/src/tickets/TicketsService.js';
import { writer, type WriterAnswer } from '../../helpdesk/src/tickets/writer.js';

const message = 'My card was charged twice for order 7. Please refund me.';

const lookUp = {
  text: 'Looking up refunds.',
  calls: [{ tool: 'findInGuide', with: { words: 'card charged twice refund' } }],
};
const refunded: WriterAnswer = { answer: 'A double charge is refunded in full within five working days.', pages: [3] };

const modules: TestingModule[] = [];

/** The help desk's testing module, its standin app replaced by `app` and its fakes. */
async function helpdesk(app: TestApp): Promise<TicketsService> {
  const moduleRef = await useStandin(
    Test.createTestingModule({ imports: [HelpdeskModule.forRoot({ config: demoConfig })] }),
    app,
  ).compile();
  modules.push(moduleRef);
  return moduleRef.get(TicketsService);
}

afterEach(async () => {
  while (modules.length > 0) await modules.pop()!.close();
});

describe(TicketsService, () => {
  describe('.open', () => {
    it('classifies the message, then has the writer answer it from the guide', async () => {
      const app = createTestApp(demoConfig);
      const classifier = app.fakeClassifier([{ answers: { team: 'billing', frustration: 2, refund: 0.9 } }]);
      const writerFake = app.fake('writer', [lookUp, { value: refunded }], writer);
      const tickets = await helpdesk(app);

      const opened = await tickets.open(message);

      expect(opened.classification).toEqual({
        team: { choice: 'billing', probabilities: { billing: 1, technical: 0, sales: 0 }, confidence: 1 },
        frustration: { level: 'angry', score: 2, probabilities: [0, 0, 1], confidence: 1 },
        refund: { asked: true, yesProbability: 0.9 },
      });
      expect(opened.reply).toEqual({
        answer: refunded.answer,
        pages: [{ page: 3, title: 'Charges and refunds' }],
        notes: ['Looking up refunds.'],
      });
      expect(tickets.find(opened.id)?.message).toBe(message);
      await classifier.verify();
      await writerFake.verify();
    });

    it('tells the writer how the ticket was classified, and runs findInGuide over the guide', async () => {
      const app = createTestApp(demoConfig);
      app.fakeClassifier([{ answers: { team: 'billing', frustration: 2, refund: 0.9 } }]);
      const writerFake = app.fake('writer', [lookUp, { value: refunded }], writer);
      await (await helpdesk(app)).open(message);

      const [first, second] = writerFake.sent.map(
        (s) => s.input as { messages: { role: string; content?: string; results?: { output?: unknown }[] }[] },
      );
      expect(first!.messages[0]!.content).toBe(
        `Ticket for the billing team. The customer is angry and asks for a refund.\n\nCustomer message:\n${message}`,
      );
      const looked = second!.messages.at(-1)!.results![0]!.output as { page: number }[];
      expect(looked.map((p) => p.page)).toContain(3);
    });

    it('leaves the reply to the stream when asked, without asking the writer', async () => {
      const app = createTestApp(demoConfig);
      app.fakeClassifier([{ answers: { team: 'technical' } }]);
      const writerFake = app.fake('writer', [lookUp, { value: refunded }], writer);
      const opened = await (await helpdesk(app)).open('The app does not start.', 'stream');
      expect(opened.reply).toBeNull();
      expect(opened.classification.team.choice).toBe('technical');
      expect(writerFake.sent).toEqual([]);
    });

    it('rejects with the classifier’s error, and never asks the writer', async () => {
      const app = createTestApp(demoConfig);
      app.fakeClassifier([
        { error: new ClassificationAdapterError('authentication_failed', { provider: 'typesafe' }) },
      ]);
      const writerFake = app.fake('writer', [lookUp, { value: refunded }], writer);
      const tickets = await helpdesk(app);
      await expect(tickets.open(message)).rejects.toMatchObject({
        name: 'ClassificationAdapterError',
        reason: 'authentication_failed',
      });
      expect(writerFake.sent).toEqual([]);
    });

    it('ends in CallFailed when the writer and its fallback both fail, after retrying without waiting', async () => {
      const app = createTestApp(demoConfig);
      app.fakeClassifier();
      app.fake('writer', [{ fail: 'server' }, { fail: 'server' }, { fail: 'server' }]);
      app.fake('backup', [{ fail: 'auth' }]);
      const tickets = await helpdesk(app);
      const failed = await tickets.open(message).catch((error: unknown) => error);
      expect(failed).toBeInstanceOf(CallFailed);
      expect((failed as CallFailed).failures.map((f) => `${f.model}:${f.kind}`)).toEqual([
        'writer:server',
        'writer:server',
        'writer:server',
        'backup:auth',
      ]);
      expect(app.clock.slept).toHaveLength(2);
    });
  });

  describe('.write', () => {
    it('streams the writer’s parts: its note whole, the typed answer in pieces, then done', async () => {
      const app = createTestApp(demoConfig);
      app.fakeClassifier([{ answers: { team: 'billing' } }]);
      app.fake('writer', [lookUp, { value: refunded, parts: 4 }], writer);
      const tickets = await helpdesk(app);
      const { id } = await tickets.open(message, 'stream');

      const parts: RunPart<WriterAnswer>[] = [];
      for await (const part of tickets.write(tickets.find(id)!)) parts.push(part);

      expect(parts.filter((p) => p.type === 'text')).toEqual([{ type: 'text', text: 'Looking up refunds.', step: 0 }]);
      const pieces = parts.flatMap((p) => (p.type === 'value' ? [p.json] : []));
      expect(pieces).toHaveLength(4);
      expect(JSON.parse(pieces.join(''))).toEqual(refunded);
      const done = parts.at(-1);
      expect(done?.type === 'done' && done.result.value).toEqual(refunded);
    });

    it('runs under the ticket’s run id, so a scripted writer replays the steps it gave the ticket', async () => {
      const app = createTestApp(demoConfig);
      app.fakeClassifier([{ answers: { team: 'billing' } }]);
      const writerFake = app.fake('writer', [lookUp, { value: refunded }], writer);
      const tickets = await helpdesk(app);
      const opened = await tickets.open(message);

      let done: RunPart<WriterAnswer> | undefined;
      for await (const part of tickets.write(tickets.find(opened.id)!)) done = part;

      expect(done?.type === 'done' && done.result.value).toEqual(refunded);
      expect(await writerFake.pending()).toEqual([]);
      expect(writerFake.sent).toHaveLength(4);
    });
  });
});

describe('testing the help desk module', () => {
  it('useStandin replaces the whole standin graph; overriding the bridged Tokens.Classifier alone leaves app.classify on the app’s own classifier', async () => {
    const own = createTestApp(demoConfig, exampleTriageModule());
    const overridden = await Test.createTestingModule({ imports: [HelpdeskModule.forRoot({ app: () => own })] })
      .overrideProvider(Tokens.Classifier)
      .useValue(new FakeClassifier({ script: [{ answers: { team: 'sales' } }] }))
      .compile();
    modules.push(overridden);
    // What Nest injects is the override, but the help desk classifies through the app: the example triage answers.
    expect(overridden.get(Tokens.Classifier)).toBeInstanceOf(FakeClassifier);
    expect(
      (await overridden.get(TicketsService).open('Where is my invoice?', 'stream')).classification.team.choice,
    ).toBe('billing');

    const app = createTestApp(demoConfig);
    app.fakeClassifier([{ answers: { team: 'sales' } }]);
    const tickets = await helpdesk(app);
    expect((await tickets.open('Where is my invoice?', 'stream')).classification.team.choice).toBe('sales');
  });

  it('refuses real calls when a test forgets useStandin: test/setup.ts guards the whole process', async () => {
    const forgot = await Test.createTestingModule({
      imports: [HelpdeskModule.forRoot({ config: demoConfig })],
    }).compile();
    modules.push(forgot);
    await expect(forgot.get<App>(STANDIN_APP).reply('writer', { messages: message })).rejects.toMatchObject({
      code: 'E0008',
    });
  });
});
