import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { StandinError } from '../../../src/index.js';
import { readToolAnswers } from '../../../src/fakes/tools/toolAnswers.js';
import { slotsOf } from '../../../src/fakes/slot/Slots.js';
import { createTestApp } from '../../../src/testing.js';
import { config } from './support.js';

const owner = "app.fakeTool('findInGuide', answers)";

describe(readToolAnswers, () => {
  it('reads a list of { output } and { fail } entries, and a function as it is', () => {
    const answer = () => 1;
    expect(readToolAnswers([{ output: null }, { fail: 'down' }], owner, 'answers')).toEqual({
      kind: 'list',
      answers: [{ output: null }, { fail: 'down' }],
    });
    expect(readToolAnswers(answer, owner, 'answers')).toEqual({ kind: 'function', answer });
  });

  it('answers any input with a reading or a T0122, never another error', () => {
    fc.assert(
      fc.property(fc.anything(), (input) => {
        try {
          readToolAnswers(input, owner, 'answers');
        } catch (error) {
          expect(error).toBeInstanceOf(StandinError);
          expect((error as StandinError).code).toBe('T0122');
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('a fake tool in many interleaved scopes', () => {
  it('gives each scope the list from its start, whatever the order calls come in', async () => {
    const app = createTestApp(config);
    app.fakeTool('findInGuide', [{ output: 'a' }, { output: 'b' }]);
    const call = (scope: string) =>
      app.scope(scope, async () => {
        const run = slotsOf(app.container).toolRun('findInGuide', scope)!;
        const context = { signal: new AbortController().signal, runId: scope, step: 0, callId: 'c' };
        const real = () => Promise.reject(new Error('the real run'));
        const call = { id: 'c', tool: 'findInGuide', with: {} };
        return [await run({}, call, context, real), await run({}, call, context, real)];
      });
    const scopes = Array.from({ length: 500 }, (_, i) => `s${i}`);
    const answered = await Promise.all(scopes.map(call));
    expect(new Set(answered.map((pair) => pair.join()))).toEqual(new Set(['a,b']));
    await app.verify();
  });
});
