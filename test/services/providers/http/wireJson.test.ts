import { describe, expect, it } from 'vitest';
import { wireJson } from '../../../../src/services/providers/http/wireJson.js';

describe('wireJson', () => {
  it('writes a JSON value', () => {
    expect(wireJson({ city: 'Paris' }, 'x')).toBe('{"city":"Paris"}');
  });

  it('throws P0005 naming where a BigInt or a cycle sits', () => {
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    expect(() => wireJson({ n: 1n }, 'request.messages[2].results[0].output')).toThrow(
      expect.objectContaining({
        code: 'P0005',
        message: expect.stringContaining('request.messages[2].results[0].output'),
      }),
    );
    expect(() => wireJson(cycle, 'w')).toThrow(expect.objectContaining({ code: 'P0005' }));
  });

  it('throws P0005 for a value JSON cannot carry at all', () => {
    expect(() => wireJson(() => 1, 'request.messages[1].calls[0].with')).toThrow(
      expect.objectContaining({ code: 'P0005', message: expect.stringContaining('a function') }),
    );
  });
});
