/**
 * The examples of docs/nest.md, as they are written there, so the docs cannot drift from what works.
 */
import type { AddressInfo } from 'node:net';
import { Body, Controller, Get, Inject, Injectable, Module, Post } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import { describe, expect, it } from 'vitest';
import { ClassificationQuestion, Tokens, type App } from '../../src/index.js';
import { FakeClassifier } from '../../src/testing.js';
import { STANDIN_APP, StandinModule, useStandin } from '../../src/nest.js';
import { createTestApp } from '../../src/testing.js';

const config = { models: { writer: { provider: 'anthropic', model: 'claude-sonnet-4-5' } } };
const questions = { team: ClassificationQuestion.choice('Which team answers this?', ['billing', 'technical']) };

@Injectable()
class Triage {
  constructor(@Inject(STANDIN_APP) private readonly app: App) {}

  async answer(message: string): Promise<{ team: string | null | undefined; reply: string }> {
    const team = (await this.app.classify(message, questions)).answer('team')?.choice;
    const reply = await this.app.reply('writer', {
      instructions: `You answer for the ${team} team.`,
      messages: message,
    });
    return { team, reply: reply.text };
  }
}

@Controller()
class TriageController {
  constructor(@Inject(Triage) private readonly triage: Triage) {}

  @Post('tickets')
  open(@Body() body: { message: string }) {
    return this.triage.answer(body.message);
  }
}

@Module({ imports: [StandinModule.forRoot(config)], controllers: [TriageController], providers: [Triage] })
class AppModule {}

@Controller()
class HelloController {
  constructor(@Inject(STANDIN_APP) private readonly app: App) {}

  @Get('hello')
  async hello() {
    return { text: (await this.app.reply('writer', { messages: 'Say hello.' })).text };
  }
}

describe('docs/nest.md', () => {
  describe('Testing a NestJS application with standin', () => {
    it('sends a billing ticket to the billing team', async () => {
      const app = createTestApp(config);
      const classifier = app.fakeClassifier([{ answers: { team: 'billing' } }]);
      const writer = app.fake('writer', [{ text: 'Your refund is on its way.' }]);

      const moduleRef = await useStandin(Test.createTestingModule({ imports: [AppModule] }), app).compile();
      const answer = await moduleRef.get(Triage).answer('I was charged twice.');

      expect(answer).toEqual({ team: 'billing', reply: 'Your refund is on its way.' });
      expect(writer.sent[0]).toMatchObject({
        call: 'reply',
        input: { instructions: 'You answer for the billing team.' },
      });
      await classifier.verify();
      await writer.verify();
      await moduleRef.close();
    });

    it('overriding a bridged token alone is not enough: app.classify still calls the module’s own classifier', async () => {
      const fake = new FakeClassifier({ script: [{ answers: { team: 'technical' } }] });
      const moduleRef = await Test.createTestingModule({ imports: [AppModule] })
        .overrideProvider(Tokens.Classifier)
        .useValue(fake)
        .compile();
      expect(moduleRef.get(Tokens.Classifier)).toBe(fake);
      await expect(moduleRef.get(Triage).answer('I was charged twice.')).rejects.toMatchObject({ code: 'K0005' });
      await moduleRef.close();
    });
  });

  describe('Per-request isolation', () => {
    it('lets a test app’s requests name their scope: each scope starts at the first answer, and a named conversation goes on', async () => {
      const app = createTestApp(config);
      app.fake('writer', [{ text: 'Hello!' }, { text: 'Hello again!' }]);

      @Module({ imports: [StandinModule.forRoot(config, { app: () => app })], controllers: [HelloController] })
      class TestModule {}

      const nest = await NestFactory.create(TestModule, { logger: false });
      await nest.listen(0, '127.0.0.1');
      const { port } = nest.getHttpServer().address() as AddressInfo;
      const hello = (scope: string) =>
        fetch(`http://127.0.0.1:${port}/hello`, { headers: { 'x-standin-scope': scope } }).then((r) => r.json());

      expect(await Promise.all([hello('test-a'), hello('test-b')])).toEqual([{ text: 'Hello!' }, { text: 'Hello!' }]);
      expect(await hello('test-a')).toEqual({ text: 'Hello again!' });
      await nest.close();
    });
  });
});
