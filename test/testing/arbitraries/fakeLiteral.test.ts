import fc from 'fast-check';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { tool } from '../../../src/index.js';
import { arbitraryScript, toFakeLiteral } from '../../../src/arbitraries.js';
import { createTestApp, type Answer } from '../../../src/testing.js';

/** What `app.fake(model, answers)` in the literal's text is given, read back by running the text. */
function readBack(literal: string): { model: string; answers: Answer[] } {
  const app = { fake: (model: string, answers: Answer[]) => ({ model, answers }) };
  // The literal is source meant to be pasted and run, so it is run as source.
  return new Function('app', `return ${literal};`)(app) as { model: string; answers: Answer[] };
}

describe(toFakeLiteral, () => {
  it('prints one answer a line, keys bare, strings single-quoted', () => {
    expect(toFakeLiteral('writer', [{ fail: 'rate_limit' }, { value: { answer: "It's done", pages: [3] } }])).toBe(
      "app.fake('writer', [\n  { fail: 'rate_limit' },\n  { value: { answer: 'It\\'s done', pages: [3] } },\n])",
    );
  });

  it('prints an empty script on one line', () => {
    expect(toFakeLiteral('writer', [])).toBe("app.fake('writer', [])");
  });

  it('escapes what a line cannot hold, and quotes keys that are not names', () => {
    const script: Answer[] = [{ value: { 'a key': 'line\nbreak\t\\ \u2028 \u0000', __proto__: null } as never }];
    expect(toFakeLiteral('writer', script)).toBe(
      "app.fake('writer', [\n  { value: { 'a key': 'line\\nbreak\\t\\\\ \\u2028 \\u0000' } },\n])",
    );
  });

  it('reads back as the script it prints, for every script the arbitraries make', () => {
    const app = createTestApp({ models: { writer: { provider: 'openai', model: 'gpt-4.1-mini' } } });
    const output = z.object({
      answer: z.string(),
      scores: z.record(z.string(), z.number()),
      note: z.string().nullable(),
    });
    const tools = { findInGuide: tool({ input: z.object({ words: z.string() }), run: () => [] }) };
    const scripts = arbitraryScript(app, 'writer', { output, tools, maxLength: 30 });
    fc.assert(
      fc.property(scripts, (script) => {
        expect(readBack(toFakeLiteral('writer', script))).toEqual({ model: 'writer', answers: script });
      }),
      { seed: 17, numRuns: 200 },
    );
  });

  it("keeps a field named '__proto__' a field", () => {
    const value = JSON.parse('{"__proto__": 1}') as unknown;
    expect(readBack(toFakeLiteral('writer', [{ value }])).answers[0]!.value).toEqual(value);
  });
});
