import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseConfig, StandinError } from '../../src/index.js';
import { describeIssues, MAX_ISSUE_LINES } from '../../src/validation/describeIssues.js';

describe(describeIssues, () => {
  it('lists the first ten problems of a list of 200 bad entries, then how many more', () => {
    const input = Array.from({ length: 200 }, (_, i) => i);
    const result = z.array(z.string()).safeParse(input);
    const lines = describeIssues('parts', input, result.error!.issues);
    expect(lines).toHaveLength(MAX_ISSUE_LINES + 1);
    expect(lines[0]).toBe('parts[0]: expected a string, got a number.');
    expect(lines[9]).toBe('parts[9]: expected a string, got a number.');
    expect(lines[10]).toBe('… and 190 more problems like these: fix these and the rest are listed next time.');
  });

  it('counts the lines of one issue past the first ten too', () => {
    const input = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`k${i}`, 1]));
    const result = z.strictObject({}).safeParse(input);
    const lines = describeIssues('config', input, result.error!.issues);
    expect(lines).toHaveLength(11);
    expect(lines[10]).toContain('… and 20 more problems');
  });

  it('lists every problem when there are ten or fewer', () => {
    const input = Array.from({ length: 10 }, (_, i) => i);
    expect(describeIssues('parts', input, z.array(z.string()).safeParse(input).error!.issues)).toHaveLength(10);
  });

  it('bounds a config error over 200 providers', () => {
    const providers = Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`p${i}`, { timeoutMs: 'soon' }]));
    let error: unknown;
    try {
      parseConfig({ providers } as never);
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(StandinError);
    expect((error as StandinError).message.split('\n')).toHaveLength(12);
  });
});
