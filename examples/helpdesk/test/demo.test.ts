import { type App, type ClassificationAnswer, ClassificationRequest, Tokens, type Provider } from 'standin';
import { createTestApp, TestApp } from 'standin/testing';
import { describe, expect, it } from 'vitest';
import { demoWriter } from '../src/demo/demoWriter.js';
import { exampleScripts, otherTicketTriage } from '../src/demo/exampleScripts.js';
import { ExampleTriage, exampleTriageModule } from '../src/demo/ExampleTriage.js';
import { exampleTickets } from '../src/exampleTickets.js';
import { demoConfig, helpdeskServices } from '../src/services.js';
import { readTriage, triageQuestions } from '../src/tickets/triage.js';
import { writer, writerPrompt } from '../src/tickets/writer.js';

function demoApp(): TestApp {
  const app = createTestApp(demoConfig, exampleTriageModule());
  app.fake('writer', demoWriter, writer);
  return app;
}

async function answer(app: App, message: string) {
  const triage = readTriage(await app.classify(message, triageQuestions));
  return { triage, run: await app.run(writer, writerPrompt(message, triage)) };
}

describe('the example tickets', () => {
  it('each has a script for the classifier and the writer', () => {
    for (const ticket of exampleTickets) expect(exampleScripts[ticket.id], ticket.id).toBeDefined();
  });
});

describe(demoWriter, () => {
  it.each(exampleTickets.map((t) => [t.id, t] as const))(
    'gives the example %s its scripted note and findInGuide call, then its typed answer',
    async (id, ticket) => {
      const script = exampleScripts[id]!;
      const { run } = await answer(demoApp(), ticket.message);
      expect(run.steps[0]!.reply.text).toBe(script.lookUp.text);
      expect(run.steps[0]!.reply.calls.map((c) => c.tool)).toEqual(['findInGuide']);
      expect(run.value).toEqual(script.answer);
      // The guide really has the pages the scripted answer cites, under the words it looked up.
      const found = (run.steps[0]!.results[0]!.output as { page: number }[]).map((p) => p.page);
      for (const page of script.answer.pages) expect(found).toContain(page);
    },
  );

  it('answers any other ticket from the guide page its words find best', async () => {
    const { run } = await answer(demoApp(), 'Where can I download an invoice as a PDF?');
    expect(run.steps[0]!.reply.calls[0]!.with).toEqual({ words: 'Where can I download an invoice as a PDF?' });
    expect(run.value).toEqual({
      answer:
        'Thank you for writing to us. Our guide says (Invoices): Invoices are under Billing, then History. Each invoice can be downloaded as a PDF.',
      pages: [4],
    });
  });

  it('says a person will answer when the guide has nothing on the ticket', async () => {
    const { run } = await answer(demoApp(), 'xyzzy plugh');
    expect(run.value?.pages).toEqual([]);
    expect(run.value?.answer).toContain('a person from the team will answer you');
  });

  it('sends its typed answer in several pieces', async () => {
    const app = demoApp();
    const message = exampleTickets[0]!.message;
    const triage = readTriage(await app.classify(message, triageQuestions));
    let pieces = 0;
    for await (const part of app.streamRun(writer, writerPrompt(message, triage))) if (part.type === 'value') pieces++;
    expect(pieces).toBeGreaterThan(1);
  });
});

describe(ExampleTriage, () => {
  it.each(exampleTickets.map((t) => [t.id, t] as const))(
    'classifies the example %s with its script',
    async (id, ticket) => {
      const scripted = (
        exampleScripts[id]!.triage as { answers: { team: ClassificationAnswer; frustration: number; refund: number } }
      ).answers;
      const triage = readTriage(await demoApp().classify(ticket.message, triageQuestions));
      expect(triage.team.choice).toBe(scripted.team.choice);
      expect(triage.team.probabilities).toEqual(scripted.team.probabilities);
      expect(triage.frustration.score).toBe(scripted.frustration);
      expect(triage.refund.yesProbability).toBe(scripted.refund);
    },
  );

  it.each([
    ['I want a refund for last month.', 'billing', true],
    ['My invoice shows the wrong address.', 'billing', false],
    ['How much is the plan for 20 seats?', 'sales', false],
    ['The screen stays white after login.', 'technical', false],
  ] as const)('picks a script by the words of any other ticket: %j goes to %s', async (message, team, refund) => {
    const triage = readTriage(await demoApp().classify(message, triageQuestions));
    expect(triage.team.choice).toBe(team);
    expect(triage.refund.asked).toBe(refund);
    expect(otherTicketTriage(message)).toMatchObject({ answers: { team } });
  });

  it('starts every scope at its script’s first entry, and spends it there', async () => {
    const app = demoApp();
    const message = exampleTickets[1]!.message;
    const [a, b] = await Promise.all(
      ['request-a', 'request-b'].map((scope) => app.scope(scope, () => app.classify(message, triageQuestions))),
    );
    expect(a!.answer('team')?.choice).toBe('technical');
    expect(b!.answer('team')?.choice).toBe('technical');
    await expect(app.scope('request-a', () => app.classify(message, triageQuestions))).rejects.toMatchObject({
      reason: 'unknown',
      metadata: { cause: 'classification_script_exhausted' },
    });
  });

  it('reads a state that is not text by its JSON', async () => {
    const triage = new ExampleTriage(createTestApp().container.get(Tokens.CursorStore));
    const response = await triage.classify(
      new ClassificationRequest({ state: { note: 'please upgrade our plan' }, questions: triageQuestions }),
    );
    expect(response.answer('team')?.choice).toBe('sales');
  });
});

describe(helpdeskServices, () => {
  it('runs on fakes when no key is set: a test app whose writer and classifier are scripted', async () => {
    const services = helpdeskServices({});
    expect(services.mode).toBe('fakes');
    expect(services.settings.trustScopeHeader).toBe(false);
    const app = services.settings.app!();
    expect(app).toBeInstanceOf(TestApp);
    const { triage, run } = await answer(app, exampleTickets[0]!.message);
    expect(triage.team.choice).toBe('billing');
    expect(run.value).toEqual(exampleScripts['charged-twice']!.answer);
  });

  it('runs on fakes with HELPDESK_FAKES=1, whatever keys are set', () => {
    expect(helpdeskServices({ ANTHROPIC_API_KEY: 'sk-ant-test', HELPDESK_FAKES: '1' }).mode).toBe('fakes');
    expect(helpdeskServices({ ANTHROPIC_API_KEY: '  ' }).mode).toBe('fakes');
  });

  it('with ANTHROPIC_API_KEY and OPENAI_API_KEY, runs the writer on Anthropic, falling back to OpenAI, through the real adapters', () => {
    const services = helpdeskServices({ ANTHROPIC_API_KEY: 'sk-ant-test', OPENAI_API_KEY: 'sk-test' });
    expect(services.mode).toBe('real');
    const app = services.settings.app!();
    expect(app).not.toBeInstanceOf(TestApp);
    const config = app.container.get(Tokens.Config);
    expect(config.models).toEqual({
      writer: { provider: 'anthropic', model: 'claude-sonnet-4-5', fallback: ['backup'] },
      backup: { provider: 'openai', model: 'gpt-4.1-mini' },
    });
    expect(config.providers.anthropic?.apiKey).toBe('sk-ant-test');
    for (const name of ['anthropic', 'openai'])
      expect(app.container.get<Provider>(Tokens.Provider, { name }).real).toBe(true);
    expect(app.container.get(Tokens.Classifier)).toBeInstanceOf(ExampleTriage);
    expect(services.summary).toBe(
      'the writer on anthropic claude-sonnet-4-5, falling back to openai gpt-4.1-mini; the classifier is the example triage (scripted)',
    );
    expect(services.summary).not.toContain('sk-');
  });

  it("with TYPESAFE_API_KEY beside a writer key, classifies tickets with TypeSafe's real classifier", () => {
    const services = helpdeskServices({ ANTHROPIC_API_KEY: 'sk-ant-test', TYPESAFE_API_KEY: 'ts-test' });
    const app = services.settings.app!();
    expect(app.container.get(Tokens.Classifier)).toMatchObject({ provider: 'typesafe', real: true });
    expect(app.container.get(Tokens.Config).providers.typesafe?.apiKey).toBe('ts-test');
    expect(services.summary).toBe("the writer on anthropic claude-sonnet-4-5; the classifier is TypeSafe's");
  });

  it('with only one key, runs the writer on that provider alone', () => {
    expect(
      helpdeskServices({ ANTHROPIC_API_KEY: 'sk-ant-test' }).settings.app!().container.get(Tokens.Config).models,
    ).toEqual({
      writer: { provider: 'anthropic', model: 'claude-sonnet-4-5' },
    });
    expect(helpdeskServices({ OPENAI_API_KEY: 'sk-test' }).settings.app!().container.get(Tokens.Config).models).toEqual(
      {
        writer: { provider: 'openai', model: 'gpt-4.1-mini' },
      },
    );
  });
});
