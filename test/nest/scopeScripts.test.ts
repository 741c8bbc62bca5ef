import { Controller, Get, Inject, Module, type INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, ClassificationQuestion } from '../../src/index.js';
import { STANDIN_APP, StandinModule, useStandin } from '../../src/nest.js';
import { createTestApp } from '../../src/testing.js';

const models = { writer: { provider: 'openai', model: 'gpt-4.1-mini' } };
const questions = { team: ClassificationQuestion.choice('Which team?', ['billing', 'technical']) };

@Controller()
class TicketController {
  constructor(@Inject(STANDIN_APP) private readonly app: App) {}

  @Get('ticket')
  async ticket(): Promise<{ team: string | null | undefined; text: string }> {
    const team = (await this.app.classify('My card was charged twice.', questions)).answer('team')?.choice;
    return { team, text: (await this.app.reply('writer', { messages: `for ${team}` })).text };
  }
}

@Module({ imports: [StandinModule.forRoot({ models })], controllers: [TicketController] })
class AppModule {}

const app = createTestApp({ models });
let nest: INestApplication;
let url: string;

beforeAll(async () => {
  const moduleRef = await useStandin(Test.createTestingModule({ imports: [AppModule] }), app).compile();
  nest = moduleRef.createNestApplication({ logger: false });
  await nest.listen(0, '127.0.0.1');
  url = (await nest.getUrl()).replace('[::1]', '127.0.0.1');
});

afterAll(() => nest.close());

describe('per-request scripts in an e2e test', () => {
  it('give concurrent requests, each naming its scope, their own model and classifier scripts', async () => {
    const writers = ['a', 'b', 'c'].map((name) =>
      app.scope(`req-${name}`).fake('writer', (request) => ({
        text: `${name}: ${String((request.messages[0] as { content?: unknown } | undefined)?.content)}`,
      })),
    );
    app.scope('req-a').fakeClassifier([{ answers: { team: 'billing' } }]);
    app.scope('req-b').fakeClassifier([{ answers: { team: 'technical' } }]);
    app.scope('req-c').fakeClassifier((request) => ({
      answers: { team: String(request.state).includes('card') ? 'billing' : 'technical' },
    }));
    const ask = (scope: string) =>
      fetch(`${url}/ticket`, { headers: { 'x-standin-scope': scope } }).then((r) => r.json());
    expect(await Promise.all(['req-a', 'req-b', 'req-c'].map(ask))).toEqual([
      { team: 'billing', text: 'a: for billing' },
      { team: 'technical', text: 'b: for technical' },
      { team: 'billing', text: 'c: for billing' },
    ]);
    expect(writers.map((writer) => writer.sent.length)).toEqual([1, 1, 1]);
  });
});
