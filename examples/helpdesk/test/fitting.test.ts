import 'standin/vitest';
import { Test, type TestingModule } from '@nestjs/testing';
import { useStandin } from 'standin/nest';
import { createTestApp, fitting } from 'standin/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { HelpdeskModule } from '../src/HelpdeskModule.js';
import { demoConfig } from '../src/services.js';
import { TicketsService } from '../src/tickets/TicketsService.js';
import { writer } from '../src/tickets/writer.js';

const modules: TestingModule[] = [];
afterEach(async () => {
  while (modules.length > 0) await modules.pop()!.close();
});

describe('the help desk on fitting()', () => {
  it('opens a ticket and answers it end to end with no script: triage, the guide, a typed answer', async () => {
    const app = createTestApp(demoConfig);
    app.fakeClassifier(fitting());
    const writerFake = app.fake('writer', fitting(), writer);
    const moduleRef = await useStandin(
      Test.createTestingModule({ imports: [HelpdeskModule.forRoot({ config: demoConfig })] }),
      app,
    ).compile();
    modules.push(moduleRef);

    const opened = await moduleRef.get(TicketsService).open('My card was charged twice for order 7.');

    // fitting's triage: the first team listed, the top frustration level, a refund asked for.
    expect(opened.classification.team.choice).toBe('billing');
    expect(opened.classification.frustration.level).toBe('angry');
    expect(opened.classification.refund.asked).toBe(true);
    // The writer looked in the guide once, then ended on the smallest answer its shape takes.
    expect(writerFake).toHaveBeenAsked(2);
    expect(writerFake).toHaveCalledTool('findInGuide', { words: 'a' });
    expect(opened.reply).toEqual({ answer: 'a', pages: [], notes: [] });
    await app.verify();
  });
});
