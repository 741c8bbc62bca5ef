import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { stepSignal } from '../../../src/services/runs/stepSignal.js';
import { tool } from '../../../src/index.js';
import { createTestApp } from '../../../src/testing.js';

describe(stepSignal, () => {
  it("hands a step of one call the run's own signal", () => {
    const run = new AbortController().signal;
    expect(stepSignal(run, 1).signal).toBe(run);
  });

  it('aborts with the run, with its reason, until the step is done', () => {
    const run = new AbortController();
    const step = stepSignal(run.signal, 3);
    run.abort(new Error('stopped'));
    expect(step.signal.reason).toEqual(new Error('stopped'));
    const later = new AbortController();
    const done = stepSignal(later.signal, 3);
    done.done();
    later.abort(new Error('after the step'));
    expect(done.signal.aborted).toBe(false);
  });

  it('starts aborted when the run already is', () => {
    const run = new AbortController();
    run.abort(new Error('before'));
    expect(stepSignal(run.signal, 2).signal.aborted).toBe(true);
  });

  it("lets a step run twelve tools at once without Node's warning of too many listeners", async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.name);
    process.on('warning', onWarning);
    try {
      const app = createTestApp({ models: { writer: { provider: 'openai', model: 'gpt-4.1-mini' } } });
      const wait = tool({
        input: z.object({ n: z.number() }),
        run: async ({ n }, { signal }) => {
          signal.addEventListener('abort', () => undefined);
          await new Promise((resolve) => setImmediate(resolve));
          return n;
        },
      });
      const calls = Array.from({ length: 12 }, (_, n) => ({ tool: 'wait', with: { n } }));
      app.fake('writer', [{ calls }, { text: 'done' }]);
      const controller = new AbortController();
      const run = await app.run({ model: 'writer', tools: { wait } }, 'Go', { signal: controller.signal });
      await new Promise((resolve) => setImmediate(resolve));
      expect({ outputs: run.steps[0]!.results.map((result) => result.output), warnings }).toEqual({
        outputs: calls.map((_, n) => n),
        warnings: [],
      });
    } finally {
      process.off('warning', onWarning);
    }
  });
});
