import { Test, type TestingModule } from '@nestjs/testing';
import { useStandin } from 'standin/nest';
import { createTestApp, type TestApp } from 'standin/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { HelpdeskModule } from '../src/HelpdeskModule.js';
import { demoConfig } from '../src/services.js';
import { TicketsService } from '../src/tickets/TicketsService.js';
import { writer, type WriterAnswer } from '../src/tickets/writer.js';

const message = 'My card was charged twice for order 7. Please refund me.';
const lookUp = {
  text: 'Looking up refunds.',
  calls: [{ tool: 'findInGuide', with: { words: 'card charged twice refund' } }],
};
const refunded: WriterAnswer = { answer: 'A double charge is refunded in full within five working days.', pages: [3] };

const modules: TestingModule[] = [];

afterEach(async () => {
  while (modules.length > 0) await modules.pop()!.close();
});

/** One help desk ticket, answered by a writer scripted with `answers`: the app's transcript of it. */
async function transcriptOf(answers: Parameters<TestApp['fake']>[1]): Promise<string> {
  const app = createTestApp(demoConfig);
  app.fakeClassifier([{ answers: { team: 'billing', frustration: 2, refund: 0.9 } }]);
  app.fake('writer', answers, writer);
  const moduleRef = await useStandin(
    Test.createTestingModule({ imports: [HelpdeskModule.forRoot({ config: demoConfig })] }),
    app,
  ).compile();
  modules.push(moduleRef);
  await moduleRef.get(TicketsService).open(message);
  return app.transcript();
}

describe('the help desk transcript', () => {
  it('is the same text on every run of the same ticket', async () => {
    const runs = [];
    for (let run = 0; run < 3; run++) runs.push(await transcriptOf([lookUp, { value: refunded }]));

    expect(runs[1]).toBe(runs[0]);
    expect(runs[2]).toBe(runs[0]);
    expect(runs[0]).toContain('run 1 · step 0 · writer reply');
    expect(runs[0]).toContain('< call findInGuide {"words":"card charged twice refund"}');
    expect(runs[0]).toContain('> tool findInGuide: [{"page":3');
    expect(runs[0]).toContain(`< value: {"answer":"${refunded.answer}","pages":[3]}`);
    expect(runs[0]).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);
  });

  it('changes when an answer changes', async () => {
    const before = await transcriptOf([lookUp, { value: refunded }]);
    const after = await transcriptOf([lookUp, { value: { ...refunded, answer: 'Refunds take ten days.' } }]);

    expect(after).not.toBe(before);
    expect(after).toContain('< value: {"answer":"Refunds take ten days.","pages":[3]}');
  });

  it('shows a failed attempt and its retry', async () => {
    const text = await transcriptOf([{ ...lookUp, fail: 'server', times: 1 }, { value: refunded }]);

    expect(text).toContain('run 1 · step 0 · writer reply\n');
    expect(text).toContain('  ! server failure\n');
    expect(text).toContain('run 1 · step 0 · writer reply · attempt 2\n');
  });
});
