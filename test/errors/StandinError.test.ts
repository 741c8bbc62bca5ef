import { describe, expect, it } from 'vitest';
import { parseConfig, StandinError } from '../../src/index.js';
import { MAX_MESSAGE_CHARS } from '../../src/errors/StandinError.js';

describe(StandinError, () => {
  it('keeps at most 16 KiB of a message, saying how much was left out', () => {
    const error = new StandinError('C0004', 'x'.repeat(1_000_000));
    expect(error.message.length).toBeLessThan(MAX_MESSAGE_CHARS + 40);
    expect(error.message.startsWith('C0004: xxx')).toBe(true);
    expect(error.message.endsWith(`… (${1_000_000 + 'C0004: '.length - MAX_MESSAGE_CHARS} more characters)`)).toBe(
      true,
    );
  });

  it('keeps a message of 16 KiB or less as it is', () => {
    const text = 'y'.repeat(MAX_MESSAGE_CHARS - 'E0001: '.length);
    expect(new StandinError('E0001', text).message).toBe(`E0001: ${text}`);
  });

  it('never splits a surrogate pair where it cuts', () => {
    const message = new StandinError('E0001', '😀'.repeat(MAX_MESSAGE_CHARS)).message;
    expect(message).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });

  it('bounds a config error built from a huge input: C0004 over thousands of models', () => {
    const models: Record<string, unknown> = {};
    for (let i = 0; i < 20_000; i++)
      models[`model-with-a-long-name-${i}`] = {
        provider: 'openai',
        model: 'x',
        fallback: [`model-with-a-long-name-${i}`],
      };
    let error: unknown;
    try {
      parseConfig({ models } as never);
    } catch (thrown) {
      error = thrown;
    }
    expect((error as StandinError).code).toBe('C0004');
    expect((error as StandinError).message.length).toBeLessThanOrEqual(MAX_MESSAGE_CHARS + 40);
  });
});
