import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readChat } from '../../src/protocols/openai/chatRequest.js';
import { quickChat } from '../../src/server/dialects/openai/quickChat.js';
import { chatUnhonoured, refuseUnhonoured } from '../../src/server/dialects/openai/unhonoured.js';

/** Values near the edges of what the schema takes, and anything at all. */
const loose = fc.oneof(
  fc.constantFrom(undefined, null, '', 'Hi', 0, 1, 2.5, -1, false, true, [], {}, { include_usage: true }),
  fc.string(),
  fc.anything(),
);
const role = fc.oneof(fc.constantFrom('user', 'assistant', 'system', 'developer', 'tool'), loose);
const message = fc.oneof(
  fc.record({ role, content: fc.oneof(fc.string(), loose) }),
  fc.record({ role: fc.constantFrom('user', 'assistant', 'system'), content: fc.string() }),
  fc.record({ role, content: fc.string(), name: loose, other: loose }, { requiredKeys: ['role'] }),
  loose,
);
const body = fc.oneof(
  fc.record(
    {
      model: fc.oneof(fc.constantFrom('gpt-4.1-mini', ''), loose),
      messages: fc.oneof(fc.array(message, { maxLength: 4 }), loose),
      stream: loose,
      stream_options: fc.oneof(fc.record({ include_usage: loose, other: loose }, { requiredKeys: [] }), loose),
      temperature: fc.oneof(fc.double({ min: -1, max: 3, noNaN: true }), loose),
      other: loose,
      n: loose,
      logprobs: loose,
    },
    { requiredKeys: [] },
  ),
  fc.record({
    model: fc.constant('gpt-4.1-mini'),
    messages: fc.array(message, { minLength: 1, maxLength: 4 }),
    stream: fc.boolean(),
  }),
);
const deployment = fc.constantFrom(undefined, 'my-deployment', '');

/** What readChat answers, or the code and field it refuses with. */
function outcome(read: () => unknown): unknown {
  try {
    return { ok: read() };
  } catch (error) {
    return { refused: (error as { code?: string }).code, message: (error as Error).message };
  }
}

describe('quickChat', () => {
  it('reads a body only when readChat reads it, and reads it as readChat does', () => {
    fc.assert(
      fc.property(body, deployment, (value, named) => {
        // JSON's own values: what a request body parses to.
        const parsed = JSON.parse(JSON.stringify(value ?? null) ?? 'null') as Record<string, unknown> | null;
        if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return;
        const quick = quickChat(parsed, named);
        if (quick === undefined) return;
        expect(outcome(() => readChat(parsed, named))).toEqual({ ok: quick });
        // The endpoint skips the unhonoured fields' check for a body read this way.
        expect(() => refuseUnhonoured(parsed, chatUnhonoured)).not.toThrow();
      }),
      { numRuns: 3000 },
    );
  });

  it('reads the plain bodies clients send', () => {
    const plain = {
      model: 'gpt-4.1-mini',
      stream: true,
      stream_options: { include_usage: true },
      temperature: 0.2,
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Hello', name: 'ada' },
        { role: 'assistant', content: '' },
        { role: 'developer', content: 'Be kind.' },
      ],
    };
    const quick = quickChat(plain, undefined);
    expect(quick).toBeDefined();
    expect(quick).toEqual(readChat(plain));
  });

  it('leaves a body with a field it does not know to readChat', () => {
    expect(quickChat({ model: 'gpt-4.1-mini', messages: [{ role: 'user', content: 'Hi' }], seed: 1 }, undefined)).toBe(
      undefined,
    );
  });
});
