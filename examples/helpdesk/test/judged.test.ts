import 'standin/vitest';
import { Test, type TestingModule } from '@nestjs/testing';
import { ClassificationQuestion as Q, Tokens } from 'standin';
import { useStandin } from 'standin/nest';
import { createTestApp, TestApp } from 'standin/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { HelpdeskModule } from '../src/HelpdeskModule.js';
import { demoConfig } from '../src/services.js';
import { TicketsService } from '../src/tickets/TicketsService.js';
import { writer, type WriterAnswer } from '../src/tickets/writer.js';
import { graders } from './support/graders.js';

const message = 'My card was charged twice for order 7. Please refund me.';
const lookUp = { calls: [{ tool: 'findInGuide', with: { words: 'card charged twice refund' } }] };
const refunded: WriterAnswer = {
  answer: 'A card charged twice is refunded in full within five working days, back to the card that paid.',
  pages: [3],
};

const modules: TestingModule[] = [];
afterEach(async () => {
  while (modules.length > 0) await modules.pop()!.close();
});

describe('the help desk, judged', () => {
  it("answers a double charge saying when the money comes back, as its grader's classifier judges", async () => {
    const app = createTestApp(demoConfig);
    app.fakeClassifier([{ answers: { team: 'billing', frustration: 1, refund: 0.9 } }]);
    app.fake('writer', [lookUp, { value: refunded }], writer);
    const moduleRef = await useStandin(
      Test.createTestingModule({ imports: [HelpdeskModule.forRoot({ config: demoConfig })] }),
      app,
    ).compile();
    modules.push(moduleRef);
    const opened = await moduleRef.get(TicketsService).open(message);

    const judges = graders();
    await expect(opened.reply!.answer).toPassJudge(
      judges,
      Q.yesNo('Does the answer tell the customer when the refund arrives?'),
      { atLeast: 0.7, repeat: 3, majority: true },
    );
    if (judges instanceof TestApp) expect(judges.transcript()).toContain('< passed: needed more than half of 3 grades');
    await app.verify();
  });
});

describe(graders, () => {
  it("grades with fitting()'s fake, and in a nightly run with TypeSafe's classifier", () => {
    expect(graders({ TYPESAFE_API_KEY: 'ts-key' })).toBeInstanceOf(TestApp);
    const nightly = graders({ HELPDESK_NIGHTLY: '1', TYPESAFE_API_KEY: 'ts-key' });
    expect(nightly).not.toBeInstanceOf(TestApp);
    expect(nightly.container.get(Tokens.Classifier)).toMatchObject({ real: true, provider: 'typesafe' });
    expect(() => graders({ HELPDESK_NIGHTLY: '1' })).toThrow(/set TYPESAFE_API_KEY too/);
  });
});
