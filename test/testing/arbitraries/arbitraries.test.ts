import fc from 'fast-check';
import { z } from 'zod';
import { afterEach, describe, expect, it } from 'vitest';
import { StandinError, tool } from '../../../src/index.js';
import { arbitraryAnswer, arbitraryScript, type ArbitraryOptions } from '../../../src/arbitraries.js';
import { createTestApp, misbehaviourKinds, type Answer, type TestApp } from '../../../src/testing.js';

const config = { models: { writer: { provider: 'openai', model: 'gpt-4.1-mini' } } };
const output = z.strictObject({
  answer: z.string().min(1),
  team: z.enum(['billing', 'technical']),
  pages: z.array(z.number().int().min(1)),
});
const words = z.object({ words: z.string().min(1).max(300) });
const agent = { output, tools: { findInGuide: tool({ input: words, run: () => [] }) } };

const apps: TestApp[] = [];
function makeApp(): TestApp {
  const app = createTestApp(config);
  apps.push(app);
  return app;
}
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.dispose()));
});

const answers = (options: ArbitraryOptions, numRuns = 300): Answer[] =>
  fc.sample(arbitraryAnswer(makeApp(), 'writer', options), { seed: 3, numRuns });
const scripts = (options: ArbitraryOptions, numRuns = 200): Answer[][] =>
  fc.sample(arbitraryScript(makeApp(), 'writer', options), { seed: 3, numRuns });
const isJson = (text: string): boolean => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

describe(arbitraryAnswer, () => {
  it('makes valid answers that fit: a value fits the output, each call fits its tool', () => {
    const made = answers({ agent, families: { valid: 1, near_miss: 0, misbehave: 0, fail: 0 } });
    expect(made.some((answer) => answer.value !== undefined)).toBe(true);
    expect(made.some((answer) => answer.calls !== undefined)).toBe(true);
    for (const answer of made) {
      if (answer.value !== undefined) expect(output.safeParse(answer.value).success).toBe(true);
      for (const call of answer.calls ?? []) {
        expect(call.tool).toBe('findInGuide');
        expect(words.safeParse(call.with).success).toBe(true);
      }
    }
  });

  it('makes text answers for a call that states no output', () => {
    for (const answer of answers({ tools: {}, families: { misbehave: 0, fail: 0 } })) {
      expect(answer).toEqual({ text: expect.any(String) });
    }
  });

  it('makes near misses that do not fit, as misbehave answers', () => {
    const made = answers({ agent, families: { valid: 0, near_miss: 1, misbehave: 0, fail: 0 } });
    expect(new Set(made.map((answer) => answer.misbehave))).toEqual(
      new Set(['wrong_shape', 'truncated', 'invalid_json', 'bad_tool_input', 'unknown_tool']),
    );
    for (const answer of made) {
      if (answer.misbehave === 'wrong_shape') expect(output.safeParse(answer.value).success).toBe(false);
      if (answer.misbehave === 'truncated' || answer.misbehave === 'invalid_json')
        expect(isJson(answer.text!)).toBe(false);
      if (answer.misbehave === 'bad_tool_input') expect(words.safeParse(answer.calls![0]!.with).success).toBe(false);
      if (answer.misbehave === 'unknown_tool') expect(answer.calls![0]!.tool).not.toBe('findInGuide');
    }
  });

  it('misses by a field left out, an enum member that is not one, a string where a number goes, an extra field', () => {
    const values = answers({ agent, families: { valid: 0, near_miss: 1, misbehave: 0, fail: 0 } }, 600)
      .filter((answer) => answer.misbehave === 'wrong_shape')
      .map((answer) => answer.value as Record<string, unknown>);
    const issues = new Set(values.flatMap((value) => output.safeParse(value).error!.issues.map((issue) => issue.code)));
    expect(issues).toEqual(new Set(['invalid_type', 'invalid_value', 'unrecognized_keys']));
    expect(values.some((value) => !('answer' in value))).toBe(true);
    expect(values.some((value) => typeof value.team === 'string' && value.team.startsWith('not_'))).toBe(true);
    expect(
      values.some((value) => Array.isArray(value.pages) && value.pages.some((page) => typeof page === 'string')),
    ).toBe(true);
    expect(values.some((value) => 'unexpected' in value)).toBe(true);
  });

  it('gives every kind of misbehaviour, its content left for the fake to make up', () => {
    const made = answers({ agent, families: { valid: 0, near_miss: 0, misbehave: 1, fail: 0 } });
    expect(new Set(made.map((answer) => answer.misbehave))).toEqual(new Set(misbehaviourKinds));
    for (const answer of made) expect(Object.keys(answer)).toEqual(['misbehave']);
  });

  it('leaves out the misbehaviours a call without an output or tools cannot have', () => {
    const made = answers({ tools: {}, families: { valid: 0, misbehave: 1, fail: 0 } });
    expect(new Set(made.map((answer) => answer.misbehave))).toEqual(
      new Set(['unknown_tool', 'refusal', 'truncated', 'content_filter', 'empty']),
    );
  });

  it('fails with the failure kinds named', () => {
    const made = answers({
      agent,
      families: { valid: 0, near_miss: 0, misbehave: 0 },
      failures: ['rate_limit', 'server'],
    });
    expect(new Set(made.map((answer) => answer.fail))).toEqual(new Set(['rate_limit', 'server']));
  });

  it('makes answers the fake takes: the app gets what a model gives, never a test author’s error', async () => {
    const app = makeApp();
    const request = { messages: 'How do I reset my password?', output, tools: agent.tools };
    for (const answer of answers({ agent }, 120)) {
      await app.reset();
      app.fake('writer', [answer]);
      const error = await app.reply('writer', request).then(
        () => undefined,
        (failed: unknown) => failed,
      );
      if (error instanceof StandinError) expect(error.code, error.message).not.toMatch(/^T/);
      else expect(error).toBeUndefined();
    }
  });

  it('reads the shapes from the last request the model’s fake was sent', async () => {
    const app = makeApp();
    app.fake('writer', [{ value: { answer: 'Hi', team: 'billing', pages: [] } }]);
    await app.reply('writer', { messages: 'Hi', output, tools: agent.tools });
    const made = fc.sample(arbitraryAnswer(app, 'writer', { families: { near_miss: 0, misbehave: 0, fail: 0 } }), {
      seed: 1,
      numRuns: 100,
    });
    expect(made.every((answer) => answer.value === undefined || output.safeParse(answer.value).success)).toBe(true);
    expect(made.some((answer) => answer.calls?.[0]?.tool === 'findInGuide')).toBe(true);
  });

  it('reads the shapes from a request given', () => {
    const request = {
      output: { schema: z.toJSONSchema(output) },
      tools: [{ name: 'findInGuide', input: z.toJSONSchema(words) }],
    };
    const made = answers({ request, families: { near_miss: 0, misbehave: 0, fail: 0 } }, 100);
    expect(made.every((answer) => answer.value === undefined || output.safeParse(answer.value).success)).toBe(true);
  });

  it('refuses to guess: T0111 when no shape is given and the fake was sent nothing', () => {
    expect(() => arbitraryAnswer(makeApp(), 'writer')).toThrow(
      expect.objectContaining({ code: 'T0111', message: expect.stringContaining("no fake of 'writer'") }),
    );
  });

  it('refuses a model the app does not have with T0114', () => {
    expect(() => arbitraryAnswer(makeApp(), 'writter', { agent })).toThrow(
      expect.objectContaining({ code: 'T0114', message: expect.stringContaining("Did you mean 'writer'?") }),
    );
  });

  it.each([
    ['an unknown family', { families: { broken: 1 } }, 'families.broken is not a family'],
    ['a negative weight', { families: { fail: -1 } }, 'families.fail is -1'],
    ['a bound below its least', { maxAnswers: 0 }, 'maxAnswers is 0'],
    ['a bound that is not whole', { maxLength: 2.5 }, 'maxLength is 2.5'],
    ['a failure kind that is not one', { failures: ['down'] }, 'failures[0] is "down"'],
    ['no family left', { families: { valid: 0, near_miss: 0, misbehave: 0, fail: 0 } }, 'leaves no family'],
  ])('refuses %s with T0113', (_, options, says) => {
    expect(() => arbitraryAnswer(makeApp(), 'writer', { agent, ...(options as ArbitraryOptions) })).toThrow(
      expect.objectContaining({ code: 'T0113', message: expect.stringContaining(says) }),
    );
  });
});

describe(arbitraryScript, () => {
  it('makes scripts with every family: valid answers, near misses, misbehaviours and bursts of failures', () => {
    const made = scripts({ agent }).flat();
    expect(made.some((answer) => answer.value !== undefined && answer.misbehave === undefined)).toBe(true);
    expect(made.some((answer) => answer.misbehave === 'wrong_shape' && answer.value !== undefined)).toBe(true);
    expect(made.some((answer) => answer.misbehave === 'content_filter')).toBe(true);
    expect(made.some((answer) => answer.fail !== undefined)).toBe(true);
  });

  it('keeps to its bounds: 1 to maxAnswers answers, each after at most maxFailures failures', () => {
    for (const script of scripts({ agent, maxAnswers: 3, maxFailures: 2 })) {
      const kept = script.filter((answer) => answer.fail === undefined);
      expect(kept.length).toBeGreaterThanOrEqual(1);
      expect(kept.length).toBeLessThanOrEqual(3);
      expect(script.at(-1)!.fail).toBeUndefined();
      expect(script.map((answer) => (answer.fail === undefined ? '.' : 'f')).join('')).not.toMatch(/fff/);
    }
  });

  it('makes the same scripts from the same seed, in another app', () => {
    const once = fc.sample(arbitraryScript(makeApp(), 'writer', { agent }), { seed: 99, numRuns: 30 });
    const again = fc.sample(arbitraryScript(makeApp(), 'writer', { agent }), { seed: 99, numRuns: 30 });
    expect(again).toEqual(once);
  });

  it('shrinks toward one small valid answer', () => {
    const details = fc.check(
      fc.property(arbitraryScript(makeApp(), 'writer', { agent }), () => false),
      { seed: 7 },
    );
    expect(details.counterexample).toEqual([[{ value: { answer: ' ', team: 'billing', pages: [] } }]]);
  });

  it('shrinks a script that must fail once toward one failure among small valid answers', () => {
    const details = fc.check(
      fc.property(arbitraryScript(makeApp(), 'writer', { agent }), (script) => script.every((answer) => !answer.fail)),
      { seed: 7 },
    );
    const [script] = details.counterexample!;
    const smallest = { value: { answer: ' ', team: 'billing', pages: [] } };
    expect(script.filter((answer) => answer.fail !== undefined)).toEqual([{ fail: 'server' }]);
    expect(script.filter((answer) => answer.fail === undefined)).toEqual(
      script.filter((answer) => answer.fail === undefined).map(() => smallest),
    );
  });
});
