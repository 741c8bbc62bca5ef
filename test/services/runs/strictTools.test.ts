import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ContainerModule } from 'inversify';
import { code, createApp, StandinError, tool, Tokens, type Provider } from '../../../src/index.js';
import { Engine } from '../../../src/services/engine/Engine.js';
import { createTestApp } from '../../../src/testing.js';
import { appWith, asks, says, scripted } from '../../support/providers.js';

const models = { writer: { provider: 'main', model: 'm' } };

function guide(): { findInGuide: ReturnType<typeof tool>; ran: string[] } {
  const ran: string[] = [];
  const findInGuide = tool({
    input: z.object({ words: z.string() }),
    run: ({ words }: { words: string }) => void ran.push(words),
  });
  return { findInGuide, ran };
}

async function failure(run: Promise<unknown>): Promise<StandinError> {
  const error = await run.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(StandinError);
  return error as StandinError;
}

describe(Engine, () => {
  describe('.run in a test app (strict tools)', () => {
    it('fails the run with R0004 when a call does not fit the tool, naming the tool, the step, the input and the cause', async () => {
      const { findInGuide, ran } = guide();
      const provider = scripted([asks({ tool: 'findInGuide', with: { words: 42 } }), says('sorry')]);
      const error = await failure(
        appWith({ main: provider }, { models }).run({ model: 'writer', tools: { findInGuide } }, 'q'),
      );
      expect(error.code).toBe(code.R0004);
      expect(error.message).toContain(
        "step 0: the tool call 'findInGuide' (id 'call-0') with input {\"words\":42} failed",
      );
      expect(error.message).toContain('input.words: expected a string, got a number');
      expect(error.message).toContain('strictTools: false');
      expect(error.cause).toBeInstanceOf(z.ZodError);
      expect(ran).toEqual([]);
      expect(provider.seen).toHaveLength(1);
    });

    it("fails the run with R0004 when a tool's run throws, with the thrown error as the cause", async () => {
      const thrown = new Error('guide unavailable');
      const broken = tool({
        input: z.object({}),
        run: () => {
          throw thrown;
        },
      });
      const provider = scripted([asks({ tool: 'broken', with: {} }), says('I could not look it up.')]);
      const error = await failure(
        appWith({ main: provider }, { models }).run({ model: 'writer', tools: { broken } }, 'q'),
      );
      expect(error.code).toBe(code.R0004);
      expect(error.message).toContain("the tool call 'broken'");
      expect(error.message).toContain('its run threw Error: guide unavailable');
      expect(error.cause).toBe(thrown);
    });

    it('fails the run with R0004 when the model asks for a tool the agent lacks', async () => {
      const { findInGuide } = guide();
      const provider = scripted([asks({ tool: 'deleteAccount', with: {} }), says('ok')]);
      const error = await failure(
        appWith({ main: provider }, { models }).run({ model: 'writer', tools: { findInGuide } }, 'q'),
      );
      expect(error.code).toBe(code.R0004);
      expect(error.message).toContain("There is no tool named 'deleteAccount'. The tools are: findInGuide.");
    });

    it('fails a streamed run the same way', async () => {
      const { findInGuide } = guide();
      const provider = scripted([asks({ tool: 'findInGuide', with: {} }), says('ok')]);
      const parts = appWith({ main: provider }, { models }).streamRun({ model: 'writer', tools: { findInGuide } }, 'q');
      const error = await failure(
        (async () => {
          for await (const _ of parts) {
            /* drain */
          }
        })(),
      );
      expect(error.code).toBe(code.R0004);
    });

    it('hands the error to the model when the run passes strictTools: false', async () => {
      const { findInGuide } = guide();
      const provider = scripted([asks({ tool: 'findInGuide', with: { words: 42 } }), says('sorry')]);
      const run = await appWith({ main: provider }, { models }).run({ model: 'writer', tools: { findInGuide } }, 'q', {
        strictTools: false,
      });
      expect(run.steps[0]!.results[0]!.error).toContain("does not fit the tool 'findInGuide'");
      expect(run.text).toBe('sorry');
    });

    it('hands the error to the model in every run of an app made with { strictTools: false }', async () => {
      const { findInGuide } = guide();
      const provider = scripted([asks({ tool: 'findInGuide', with: { words: 42 } }), says('sorry')]);
      const app = createTestApp({ models }, { strictTools: false });
      app.container.bind(Tokens.Provider).toConstantValue(provider).whenNamed('main');
      expect((await app.run({ model: 'writer', tools: { findInGuide } }, 'q')).text).toBe('sorry');
    });

    it('lets a run say strictTools: true in an app made loose', async () => {
      const { findInGuide } = guide();
      const provider = scripted([asks({ tool: 'findInGuide', with: { words: 42 } }), says('sorry')]);
      const app = createTestApp({ models }, { strictTools: false });
      app.container.bind(Tokens.Provider).toConstantValue(provider).whenNamed('main');
      expect(
        (await failure(app.run({ model: 'writer', tools: { findInGuide } }, 'q', { strictTools: true }))).code,
      ).toBe(code.R0004);
    });

    it('refuses a strictTools option that is not true or false with R0005', async () => {
      const app = appWith({ main: scripted([says('ok')]) }, { models });
      const error = await failure(app.run({ model: 'writer' }, 'q', { strictTools: 'yes' as unknown as boolean }));
      expect(error.code).toBe(code.R0005);
    });
  });

  describe('.run in a production app', () => {
    it('keeps handing tool errors to the model', async () => {
      const { findInGuide } = guide();
      const provider: Provider = scripted([asks({ tool: 'findInGuide', with: { words: 42 } }), says('sorry')]);
      const app = createApp(
        { models },
        new ContainerModule(({ bind }) => void bind(Tokens.Provider).toConstantValue(provider).whenNamed('main')),
      );
      const run = await app.run({ model: 'writer', tools: { findInGuide } }, 'q');
      expect(run.steps[0]!.results[0]!.error).toContain("does not fit the tool 'findInGuide'");
    });
  });

  describe('.run with a tool that breaks its own contract', () => {
    /** A value of lists nested `depth` deep: JSON and a transcript would run out of stack writing it. */
    const nested = (depth: number): unknown => {
      let value: unknown = 'bottom';
      for (let i = 0; i < depth; i++) value = [value];
      return value;
    };
    const dig = tool({ input: z.object({}), run: () => nested(5_000) });
    const broken = (): ReturnType<typeof tool> => {
      const input = z.object({});
      Object.defineProperty(input, 'safeParse', {
        value: () => {
          throw new TypeError('the schema broke');
        },
      });
      return tool({ input, run: () => 'never' });
    };

    it('fails the run with R0004 for an output nested 5,000 deep, not a RangeError', async () => {
      const provider = scripted([asks({ tool: 'dig', with: {} }), says('sorry')]);
      const error = await failure(
        appWith({ main: provider }, { models }).run({ model: 'writer', tools: { dig } }, 'q'),
      );
      expect(error.code).toBe(code.R0004);
      expect(error.message).toContain("The output of tool 'dig' nests objects and lists more than 256 deep");
    });

    it('hands an output nested 5,000 deep to the model as an error with strictTools: false', async () => {
      const provider = scripted([asks({ tool: 'dig', with: {} }), says('sorry')]);
      const app = appWith({ main: provider }, { models });
      const run = await app.run({ model: 'writer', tools: { dig } }, 'q', { strictTools: false });
      expect(run.steps[0]!.results[0]!.error).toContain('more than 256 deep');
      expect(run.text).toBe('sorry');
    });

    it('fails the run with R0004 for an input schema whose check throws, with the thrown error as the cause', async () => {
      const provider = scripted([asks({ tool: 'odd', with: {} }), says('sorry')]);
      const app = appWith({ main: provider }, { models });
      const error = await failure(app.run({ model: 'writer', tools: { odd: broken() } }, 'q'));
      expect(error.code).toBe(code.R0004);
      expect(error.message).toContain("The input check of tool 'odd' threw TypeError: the schema broke");
      expect(error.cause).toBeInstanceOf(TypeError);
    });
  });
});
