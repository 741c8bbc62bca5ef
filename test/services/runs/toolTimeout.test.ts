import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { code, type StandinError, tool, type ToolContext } from '../../../src/index.js';
import { DEFAULT_TOOL_TIMEOUT_MS, toolWithin } from '../../../src/services/runs/toolWithin.js';
import { appWith, asks, says, scripted } from '../../support/providers.js';

const models = { writer: { provider: 'main', model: 'm' } };

/** A tool whose run never settles on its own; it keeps the signal it was handed. */
function stuck(timeoutMs?: number): { slow: ReturnType<typeof tool>; seen: AbortSignal[] } {
  const seen: AbortSignal[] = [];
  const slow = tool({
    input: z.object({}),
    run: (_: unknown, context: ToolContext) => {
      seen.push(context.signal);
      return new Promise<never>(() => undefined);
    },
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
  });
  return { slow, seen };
}

const call = { id: 'call-0', tool: 'slow', with: {} };
const context = (signal = new AbortController().signal): ToolContext => ({
  signal,
  runId: 'r',
  step: 0,
  callId: 'call-0',
});

afterEach(() => {
  vi.useRealTimers();
});

describe(tool, () => {
  describe('timeoutMs', () => {
    it('fails a run with strict tools with R0004, caused by R0006, once the run outlives it; the signal aborts', async () => {
      const { slow, seen } = stuck(5);
      const provider = scripted([asks({ tool: 'slow', with: {} }), says('never reached')]);
      const error = await appWith({ main: provider }, { models })
        .run({ model: 'writer', tools: { slow } }, 'q')
        .catch((e: unknown) => e);
      expect(error).toMatchObject({ code: code.R0004, message: expect.stringContaining('its timeoutMs, 5 ms') });
      expect((error as StandinError).cause).toMatchObject({ code: code.R0006 });
      expect(seen[0]?.aborted).toBe(true);
      expect(seen[0]?.reason).toBe((error as StandinError).cause);
    });

    it('hands R0006 to the model as a tool-result error in a run without strict tools', async () => {
      const { slow } = stuck(5);
      const provider = scripted([asks({ tool: 'slow', with: {} }), says('The lookup took too long.')]);
      const run = await appWith({ main: provider }, { models }).run({ model: 'writer', tools: { slow } }, 'q', {
        strictTools: false,
      });
      expect(run.steps[0]!.results[0]!.error).toMatch(
        /^R0006: Run .*, step 0: the tool 'slow' .* within its timeoutMs/,
      );
      expect(run.text).toBe('The lookup took too long.');
    });

    it('lets a tool that settles within it answer as before', async () => {
      const quick = tool({ input: z.object({}), run: () => Promise.resolve('found'), timeoutMs: 1_000 });
      const provider = scripted([asks({ tool: 'quick', with: {} }), says('done')]);
      const run = await appWith({ main: provider }, { models }).run({ model: 'writer', tools: { quick } }, 'q');
      expect(run.steps[0]!.results[0]).toEqual({ id: 'call-0', tool: 'quick', output: 'found' });
    });

    it.each([0, -1, 1.5, 2 ** 31, '100'])('refuses %j with R0002, saying what it must be', (timeoutMs) => {
      expect(() => tool({ input: z.object({}), run: () => 1, timeoutMs: timeoutMs as number })).toThrow(
        expect.objectContaining({ code: code.R0002, message: expect.stringContaining('timeoutMs') }),
      );
    });

    it('takes 2147483647, the longest a Node timer holds', () => {
      expect(tool({ input: z.object({}), run: () => 1, timeoutMs: 2 ** 31 - 1 }).timeoutMs).toBe(2 ** 31 - 1);
    });
  });
});

describe(toolWithin, () => {
  it('gives a tool that names no timeoutMs one minute', async () => {
    vi.useFakeTimers();
    const { slow, seen } = stuck();
    const settled = toolWithin(slow, {}, call, context()).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(DEFAULT_TOOL_TIMEOUT_MS - 1);
    expect(seen[0]?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled).toMatchObject({
      code: code.R0006,
      message: expect.stringContaining('60000 ms (the default'),
    });
    expect(DEFAULT_TOOL_TIMEOUT_MS).toBe(60_000);
  });

  it("rejects with the run's abort reason when the run is aborted, and aborts the tool's signal with it", async () => {
    const { slow, seen } = stuck(1_000);
    const run = new AbortController();
    const settled = toolWithin(slow, {}, call, context(run.signal)).catch((e: unknown) => e);
    const reason = new Error('the user left');
    run.abort(reason);
    expect(await settled).toBe(reason);
    expect(seen[0]?.reason).toBe(reason);
  });

  it('answers a plain value at once, with no timer', () => {
    vi.useFakeTimers();
    const plain = tool({ input: z.object({}), run: () => 'now', timeoutMs: 5 });
    const answered = toolWithin(plain, {}, call, context());
    expect(vi.getTimerCount()).toBe(0);
    return expect(answered).resolves.toBe('now');
  });
});

describe('a tool that never settles in a plain program', () => {
  it('holds the program until its bound and fails the run with R0006, rather than let it exit unsettled', async () => {
    const script = fileURLToPath(new URL('./fixtures/stuckTool.ts', import.meta.url));
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', script], { timeout: 30_000 });
    expect(stdout).toBe('R0004 R0006');
  }, 40_000);
});
