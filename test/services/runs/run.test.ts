import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Tokens, tool, type Provider, type ReplyPart } from '../../../src/index.js';
import { Engine } from '../../../src/services/engine/Engine.js';
import { appWith, asks, collect, gives, says, scripted } from '../../support/providers.js';

const models = { writer: { provider: 'main', model: 'm' } };
const findInGuide = tool({
  description: 'Finds guide pages.',
  input: z.object({ words: z.string() }),
  run: ({ words }) => [{ page: 2, text: `To ${words}: open Settings, then Password.` }],
});
const agent = { model: 'writer', instructions: 'Answer from the guide.', tools: { findInGuide } };

describe(Engine, () => {
  describe('.run', () => {
    it('runs the tools a step asks for and gives their results to the next step, ending on a text', async () => {
      const provider = scripted([
        asks({ tool: 'findInGuide', with: { words: 'reset a password' } }),
        says('Open Settings, then Password.'),
      ]);
      const run = await appWith({ main: provider }, { models }).run(agent, 'How do I reset my password?');
      expect(run.text).toBe('Open Settings, then Password.');
      expect(run.steps).toHaveLength(2);
      expect(run.steps[0]!.results).toEqual([
        {
          id: 'call-0',
          tool: 'findInGuide',
          output: [{ page: 2, text: 'To reset a password: open Settings, then Password.' }],
        },
      ]);
      expect(provider.seen[1]!.request.messages).toEqual([
        { role: 'user', content: 'How do I reset my password?' },
        { role: 'assistant', calls: [{ id: 'call-0', tool: 'findInGuide', with: { words: 'reset a password' } }] },
        { role: 'tool', results: run.steps[0]!.results },
      ]);
      expect(run.messages.at(-1)).toEqual({ role: 'assistant', content: 'Open Settings, then Password.' });
    });

    it('gives every step the instructions and the tools', async () => {
      const provider = scripted([asks({ tool: 'findInGuide', with: { words: 'x' } }), says('done')]);
      await appWith({ main: provider }, { models }).run(agent, 'q');
      for (const seen of provider.seen) {
        expect(seen.request.instructions).toBe('Answer from the guide.');
        expect(seen.request.tools?.map((t) => t.name)).toEqual(['findInGuide']);
      }
    });

    it('keeps the text a step wrote beside its tool calls', async () => {
      const provider = scripted([
        [{ type: 'text', text: 'Let me look.' }, ...asks({ tool: 'findInGuide', with: { words: 'x' } })],
        says('done'),
      ]);
      await appWith({ main: provider }, { models }).run(agent, 'q');
      expect(provider.seen[1]!.request.messages[1]).toMatchObject({ role: 'assistant', content: 'Let me look.' });
    });

    it('runs several tools of one step at once', async () => {
      const events: string[] = [];
      const slow = (name: string) =>
        tool({
          input: z.object({}),
          run: async () => {
            events.push(`${name} start`);
            await new Promise((resolve) => setTimeout(resolve, 5));
            events.push(`${name} end`);
            return name;
          },
        });
      const provider = scripted([asks({ tool: 'a', with: {} }, { tool: 'b', with: {} }), says('both done')]);
      const run = await appWith({ main: provider }, { models }).run(
        { model: 'writer', tools: { a: slow('a'), b: slow('b') } },
        'go',
      );
      expect(events.slice(0, 2)).toEqual(['a start', 'b start']);
      expect(run.steps[0]!.results.map((r) => r.output)).toEqual(['a', 'b']);
    });

    it("with strictTools: false (a production app's way), turns bad tool input into a tool-result error the model sees, not a crash", async () => {
      const provider = scripted([asks({ tool: 'findInGuide', with: { words: 42 } }), says('sorry')]);
      const run = await appWith({ main: provider }, { models }).run(agent, 'q', { strictTools: false });
      expect(run.steps[0]!.results[0]).toEqual({
        id: 'call-0',
        tool: 'findInGuide',
        error: "The input does not fit the tool 'findInGuide': input.words: expected a string, got a number.",
      });
      expect(run.text).toBe('sorry');
    });

    it('with strictTools: false, turns a tool that throws into a tool-result error the model sees', async () => {
      const broken = tool({
        input: z.object({}),
        run: () => {
          throw new Error('guide unavailable');
        },
      });
      const provider = scripted([asks({ tool: 'broken', with: {} }), says('I could not look it up.')]);
      const run = await appWith({ main: provider }, { models }).run({ model: 'writer', tools: { broken } }, 'q', {
        strictTools: false,
      });
      expect(run.steps[0]!.results[0]).toEqual({ id: 'call-0', tool: 'broken', error: 'guide unavailable' });
    });

    it('with strictTools: false, turns a call to a tool the agent lacks into a tool-result error naming the tools', async () => {
      const provider = scripted([asks({ tool: 'deleteAccount', with: {} }), says('ok')]);
      const run = await appWith({ main: provider }, { models }).run(agent, 'q', { strictTools: false });
      expect(run.steps[0]!.results[0]!.error).toBe(
        "There is no tool named 'deleteAccount'. The tools are: findInGuide.",
      );
    });

    it('gives a tool the input as its shape parsed it', async () => {
      let got: unknown;
      const trimmed = tool({ input: z.object({ words: z.string().trim() }), run: (input) => ((got = input), 'ok') });
      await appWith(
        { main: scripted([asks({ tool: 'trimmed', with: { words: '  padded  ' } }), says('ok')]) },
        { models },
      ).run({ model: 'writer', tools: { trimmed } }, 'q');
      expect(got).toEqual({ words: 'padded' });
    });

    it('fails with R0001 when it passes maxSteps, naming the tools the last step asked for', async () => {
      const provider = scripted([asks({ tool: 'findInGuide', with: { words: 'again' } })]);
      const failure = appWith({ main: provider }, { models }).run({ ...agent, maxSteps: 3 }, 'q', { runId: 'loop' });
      await expect(failure).rejects.toMatchObject({
        code: 'R0001',
        message:
          "R0001: Run loop passed maxSteps (3) without ending on a text; the last step asked for findInGuide. Raise the agent's maxSteps, or check why the model keeps asking for tools.",
      });
      expect(provider.seen).toHaveLength(3);
    });

    it('ends on a typed value when the agent has an output', async () => {
      const output = z.object({ answer: z.string(), page: z.number() });
      const provider = scripted([
        asks({ tool: 'findInGuide', with: { words: 'x' } }),
        gives({ answer: 'Open Settings.', page: 2 }),
      ]);
      const run = await appWith({ main: provider }, { models }).run({ ...agent, output }, 'q');
      expect(run.value).toEqual({ answer: 'Open Settings.', page: 2 });
      expect(run.text).toBe('');
    });

    it('fails with E0006 when the typed value does not fit the output', async () => {
      const provider = scripted([gives({ answer: 3 })]);
      await expect(
        appWith({ main: provider }, { models }).run({ model: 'writer', output: z.object({ answer: z.string() }) }, 'q'),
      ).rejects.toMatchObject({
        code: 'E0006',
        message: expect.stringContaining('value.answer: expected a string, got a number.'),
      });
    });

    it('fails with R0003 when a step of a typed run ends on a text alone', async () => {
      const provider = scripted([says('just words')]);
      await expect(
        appWith({ main: provider }, { models }).run(
          { model: 'writer', output: z.object({ answer: z.string() }) },
          'q',
          { runId: 'r' },
        ),
      ).rejects.toMatchObject({
        code: 'R0003',
        message: expect.stringContaining(
          "Run r: the agent asks for a typed value (output), but step 0 of model 'writer' ended with a text and no value.",
        ),
      });
    });

    it('gives every step a stable key, runId#index, and asks with the same keys when run again with that runId', async () => {
      const provider = scripted([
        asks({ tool: 'findInGuide', with: { words: 'x' } }),
        says('done'),
        asks({ tool: 'findInGuide', with: { words: 'x' } }),
        says('done'),
      ]);
      const app = appWith({ main: provider }, { models });
      const first = await app.run(agent, 'q', { runId: 'ticket-42' });
      await app.run(agent, 'q', { runId: 'ticket-42' });
      expect(first.steps.map((s) => s.key)).toEqual(['ticket-42#0', 'ticket-42#1']);
      expect(provider.seen.map((s) => s.context.stepKey)).toEqual([
        'ticket-42#0',
        'ticket-42#1',
        'ticket-42#0',
        'ticket-42#1',
      ]);
    });

    it('makes up a runId when none is given', async () => {
      const run = await appWith({ main: scripted([says('x')]) }, { models }).run(agent, 'q');
      expect(run.runId).toMatch(/^[0-9a-f-]{36}$/);
    });

    it('sums units over its steps', async () => {
      const provider = scripted([
        asks({ tool: 'findInGuide', with: { words: 'x' } }),
        says('done', { tokensIn: 30, tokensOut: 7 }),
      ]);
      expect((await appWith({ main: provider }, { models }).run(agent, 'q')).units).toEqual({
        tokensIn: 32,
        tokensOut: 8,
      });
    });

    it('takes a conversation as its input', async () => {
      const provider = scripted([says('again?')]);
      await appWith({ main: provider }, { models }).run(agent, [
        { role: 'user', content: 'hi' },
        { role: 'assistant', content: 'hello' },
        { role: 'user', content: 'reset?' },
      ]);
      expect(provider.seen[0]!.request.messages).toHaveLength(3);
    });

    it.each([
      ['no model', { tools: {} }, 'agent.model: missing.'],
      [
        'a tool without run',
        { model: 'writer', tools: { find: { input: z.object({}) } } },
        'agent.tools.find.run: missing.',
      ],
      ['maxSteps of 0', { model: 'writer', maxSteps: 0 }, 'agent.maxSteps:'],
      ['an unknown field', { model: 'writer', temperature: 1 }, "agent.temperature: unknown key 'temperature'."],
    ])('rejects an agent with %s as R0002', async (_, bad, message) => {
      await expect(appWith({ main: scripted([says('x')]) }, { models }).run(bad as never, 'q')).rejects.toMatchObject({
        code: 'R0002',
        message: expect.stringContaining(message),
      });
    });

    it('rejects an empty input with E0003', async () => {
      await expect(appWith({ main: scripted([says('x')]) }, { models }).run(agent, '')).rejects.toMatchObject({
        code: 'E0003',
      });
    });

    it('keeps 1,000 concurrent runs in distinct scopes to their own cursors', async () => {
      // A provider that answers by the step index the container's cursor store gives it, as a scripted fake does.
      const answers: ReplyPart[][] = [asks({ tool: 'findInGuide', with: { words: 'x' } }), says('second answer')];
      let app = appWith({}, { models });
      const byCursor: Provider = {
        async *reply(_, context) {
          const store = app.container.get(Tokens.CursorStore);
          const index = await store.stepIndex(context.scope, 'script', context.stepKey);
          yield* answers[index] ?? says(`past the end: ${index}`);
        },
      };
      app = appWith({ main: byCursor }, { models });
      const runs = await Promise.all(
        Array.from({ length: 1_000 }, (_, n) => app.scope(`user-${n}`, () => app.run(agent, `question ${n}`))),
      );
      for (const run of runs) expect(run.text).toBe('second answer');
    });
  });

  describe('.streamRun', () => {
    it('hands on each step’s parts, the tool results, and then the result', async () => {
      const provider = scripted([asks({ tool: 'findInGuide', with: { words: 'x' } }), says('done')]);
      const parts = await collect(appWith({ main: provider }, { models }).streamRun(agent, 'q', { runId: 'r' }));
      expect(parts.map((p) => `${p.type}${'step' in p ? `@${p.step}` : ''}`)).toEqual([
        'call@0',
        'units@0',
        'finish@0',
        'tool-result@0',
        'text@1',
        'units@1',
        'finish@1',
        'done',
      ]);
      const done = parts.at(-1);
      expect(done?.type === 'done' && done.result.text).toBe('done');
    });
  });
});
