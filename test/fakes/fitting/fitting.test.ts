import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ClassificationQuestion as Q, StandinError, tool } from '../../../src/index.js';
import { FakeClassifier, createTestApp, fitting, replies, type TestApp } from '../../../src/testing.js';
import { ClassificationRequest } from '../../../src/services/classification/ClassificationRequest.js';

const config = { models: { writer: { provider: 'anthropic', model: 'claude-sonnet-4-5' } } };

const findInGuide = tool({
  input: z.object({ words: z.string().min(1).max(300) }),
  run: ({ words }) => [{ page: 2, text: `To ${words}: open Settings, then Password.` }],
});
const openTicket = tool({
  input: z.object({ subject: z.string(), priority: z.enum(['low', 'high']), tags: z.array(z.string()).optional() }),
  run: (ticket) => ({ id: 7, ...ticket }),
});
const answer = z.object({ answer: z.string().min(1), pages: z.array(z.number().int().min(1)) });
const helpdesk = {
  model: 'writer',
  instructions: 'Answer from the guide.',
  tools: { findInGuide, openTicket },
  output: answer,
};

async function thrown(promise: Promise<unknown>): Promise<StandinError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(StandinError);
  return error as StandinError;
}

describe('fitting', () => {
  describe('reply', () => {
    it('runs an agent with two tools and a typed output to its end with no script', async () => {
      const app = createTestApp(config);
      const writer = app.fake('writer', fitting(), helpdesk);
      const run = await app.run(helpdesk, 'How do I reset my password?');
      expect(run.value).toEqual({ answer: 'a', pages: [] });
      expect(run.steps).toHaveLength(2);
      expect(run.steps[0]!.reply.calls.map((call) => [call.tool, call.with])).toEqual([
        ['findInGuide', { words: 'a' }],
        ['openTicket', { subject: '', priority: 'low' }],
      ]);
      expect(run.steps[0]!.results.map((result) => result.error)).toEqual([undefined, undefined]);
      expect(replies(writer.sent)).toHaveLength(2);
      await writer.verify();
    });

    it('answers a text naming the model and the step when the call asks for no value', async () => {
      const app = createTestApp(config);
      app.fake('writer', fitting());
      expect((await app.reply('writer', { messages: 'Hello' })).text).toBe('Fitting reply from writer, step 0.');
      const run = await app.run({ model: 'writer', tools: { findInGuide } }, 'Hello');
      expect(run.text).toBe('Fitting reply from writer, step 1.');
    });

    it("calls no tool under toolChoice 'none', and only the tool a toolChoice names", async () => {
      const app = createTestApp(config);
      app.fake('writer', fitting());
      const none = await app.run({ ...helpdesk, settings: { toolChoice: 'none' } }, 'Hi');
      expect(none.steps).toHaveLength(1);
      const named = await app.run({ ...helpdesk, settings: { toolChoice: { tool: 'openTicket' } } }, 'Hi');
      expect(named.steps[0]!.reply.calls.map((call) => call.tool)).toEqual(['openTicket']);
    });

    it('calls the tools again after the user speaks again', async () => {
      const app = createTestApp(config);
      app.fake('writer', fitting());
      const first = await app.run(helpdesk, 'Hi');
      const again = await app.run(helpdesk, [...first.messages, { role: 'user', content: 'And again?' }]);
      expect(again.steps[0]!.reply.calls).toHaveLength(2);
    });

    it('gives the same answers on every run, in every app', async () => {
      const transcript = async (): Promise<string> => {
        const app = createTestApp(config);
        app.fake('writer', fitting({ seed: 11 }));
        await app.run(helpdesk, 'How do I reset my password?');
        return app.transcript();
      };
      expect(await transcript()).toBe(await transcript());
    });

    it('draws tool inputs and values by a seed, each fitting its shape', async () => {
      const values = new Set<string>();
      for (const seed of [1, 2, 3, 4]) {
        const app = createTestApp(config);
        app.fake('writer', fitting({ seed }), helpdesk);
        const run = await app.run(helpdesk, 'Hi');
        expect(answer.safeParse(run.value).success).toBe(true);
        expect(run.steps[0]!.results.every((result) => result.error === undefined)).toBe(true);
        values.add(JSON.stringify(run.value));
      }
      expect(values.size).toBeGreaterThan(1);
    });

    it('streams its answer as any fake does', async () => {
      const app = createTestApp(config);
      app.fake('writer', fitting());
      const parts: string[] = [];
      for await (const part of app.stream('writer', { messages: 'Hi' })) parts.push(part.type);
      expect(parts).toContain('text');
      expect(parts.at(-1)).toBe('finish');
    });

    it("fails a call whose schema no value fits with T0140, kept for verify as the fake's error", async () => {
      const app = createTestApp(config);
      const writer = app.fake('writer', fitting());
      const impossible = z.object({ page: z.number().int().min(3).max(2) });
      const error = await thrown(app.reply('writer', { messages: 'Hi', output: impossible }));
      expect(error.code).toBe('T0140');
      expect(error.message).toContain("fitting() for model 'writer' at step");
      expect(error.message).toContain('no value fits the shape of the typed value at value.page: no whole number');
      const verified = await thrown(writer.verify());
      expect(verified.code).toBe('T0046');
    });
  });

  describe('the other calls', () => {
    let app: TestApp;
    const setUp = (options?: Parameters<typeof fitting>[0]) => {
      app = createTestApp(config);
      return app.fake('writer', fitting(options));
    };

    it('embeds by a hash of the words, 8 numbers long or as many as dimensions says', async () => {
      setUp();
      const vector = await app.embed('writer', 'reset a password');
      expect(vector).toHaveLength(8);
      expect(await app.embed('writer', 'reset a password')).toEqual(vector);
      setUp({ dimensions: 32 });
      expect(await app.embed('writer', 'reset a password')).toHaveLength(32);
    });

    it('ranks by shared words and draws images by a hash of the prompt', async () => {
      setUp();
      expect(await app.rank('writer', 'reset password', ['Reset your password', 'Billing'])).toEqual([1, 0]);
      const [picture] = await app.image('writer', 'A lighthouse', { size: '16x16' });
      expect(picture!.mediaType).toBe('image/png');
      expect((await app.image('writer', 'A lighthouse', { size: '16x16' }))[0]!.bytes).toEqual(picture!.bytes);
    });

    it('hears a text naming the model and the sound, and speaks a WAV tone of the text', async () => {
      setUp();
      const heard = await app.hear('writer', { audio: new Uint8Array([1, 2, 3]), kind: 'wav' });
      expect(heard.text).toBe('Fitting transcript from writer of 3 bytes of wav (039058c6f2c0).');
      const audio = await app.speak('writer', 'Your ticket is closed.');
      const text = (from: number, to: number) => new TextDecoder().decode(audio.slice(from, to));
      expect([text(0, 4), text(8, 12), text(36, 40)]).toEqual(['RIFF', 'WAVE', 'data']);
      expect(await app.speak('writer', 'Your ticket is closed.')).toEqual(audio);
      expect(await app.speak('writer', 'Another text')).not.toEqual(audio);
    });

    it('answers a plain call with the model and its input', async () => {
      const writer = setUp();
      expect(await app.call('writer', { ticket: 42 })).toEqual({ model: 'writer', input: { ticket: 42 } });
      expect(writer.sent.map((entry) => entry.call)).toEqual(['call']);
    });
  });

  describe('options', () => {
    it.each([
      ['an unknown option', { seeds: 1 }, 'options.seeds'],
      ['a seed that is no whole number', { seed: 1.5 }, 'options.seed'],
      ['dimensions past the limit', { dimensions: 100_000 }, 'options.dimensions'],
    ])('refuses %s with T0143', (_, options, where) => {
      let error: unknown;
      try {
        fitting(options as never);
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(StandinError);
      expect((error as StandinError).code).toBe('T0143');
      expect((error as StandinError).message).toContain(where);
    });
  });

  it('spreads into a record whose own calls answer first', async () => {
    const app = createTestApp(config);
    const writer = app.fake('writer', { ...fitting(), reply: [{ text: 'Scripted' }, { text: 'Never asked' }] });
    expect((await app.reply('writer', { messages: 'Hi' })).text).toBe('Scripted');
    expect(await app.embed('writer', 'Hi')).toHaveLength(8);
    expect((await thrown(writer.verify())).code).toBe('T0014');
  });

  describe('for the classifier', () => {
    const questions = {
      cites: Q.yesNo('Does the answer cite the guide?'),
      helpful: Q.score('How helpful is it?', ['not', 'somewhat', 'very']),
      team: Q.choice('Which team?', ['technical', 'billing']),
    };

    it('answers yes, the top level of a score and the first option of a choice as listed', async () => {
      const app = createTestApp(config);
      app.fakeClassifier(fitting());
      const response = await app.classify('Open Settings.', questions);
      expect(response.answer('cites')?.yesProbability).toBe(1);
      expect(response.answer('helpful')?.score).toBe(2);
      expect(response.answer('team')?.choice).toBe('technical');
      await app.verify();
    });

    it("gives a script's unanswered questions fitting answers, made with fitting: true", async () => {
      const fake = new FakeClassifier({ fitting: true, script: [{ answers: { team: 'billing' } }] });
      const response = await fake.classify(new ClassificationRequest({ state: 'Hi', questions }));
      expect(response.answer('team')?.choice).toBe('billing');
      expect(response.answer('cites')?.yesProbability).toBe(1);
    });

    it('answers in one scope alone, through app.scope(id).fakeClassifier(fitting())', async () => {
      const app = createTestApp(config);
      app.scope('ticket-7').fakeClassifier(fitting());
      const response = await app.scope('ticket-7', () => app.classify('Hi', questions));
      expect(response.answer('cites')?.yesProbability).toBe(1);
      await expect(app.classify('Hi', questions)).rejects.toMatchObject({ code: 'T0042' });
    });

    it('refuses a fitting setting that is no boolean with K0004', () => {
      expect(() => new FakeClassifier({ fitting: 'yes' as never })).toThrow(/K0004/);
    });
  });
});
