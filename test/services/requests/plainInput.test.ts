import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { checkOptions, prepareReply } from '../../../src/services/requests/prepareReply.js';
import { plainOptions, plainReplyInput } from '../../../src/services/requests/plainInput.js';
import { callOptionsSchema, replyInputSchema } from '../../../src/services/requests/requestSchemas.js';

/** Values near the edges of what the schemas take, and anything at all. */
const loose = fc.oneof(
  fc.constantFrom(undefined, null, '', 'Hi', 0, 1, false, true, [], {}, new AbortController().signal),
  fc.string(),
  fc.anything(),
);
const role = fc.oneof(fc.constantFrom('user', 'assistant', 'tool', 'system'), loose);
const message = fc.oneof(
  fc.record({ role, content: loose }, { requiredKeys: [] }),
  fc.record({ role: fc.constantFrom('user', 'assistant'), content: fc.string() }),
  fc.record({ role: fc.constant('assistant') }),
  fc.record({ role, content: fc.string(), calls: loose, results: loose, extra: loose }, { requiredKeys: ['role'] }),
  loose,
);
const messages = fc.oneof(fc.array(message, { maxLength: 4 }), fc.string(), loose);
const input = fc.oneof(
  fc.record(
    {
      messages,
      instructions: fc.oneof(fc.string(), loose),
      tools: loose,
      output: loose,
      settings: loose,
      other: loose,
    },
    { requiredKeys: [] },
  ),
  fc.record({ messages, instructions: fc.string() }, { requiredKeys: ['messages'] }),
  loose,
);
const options = fc.oneof(
  fc.record(
    {
      signal: fc.oneof(fc.constant(new AbortController().signal), loose),
      requestId: fc.oneof(fc.string(), loose),
      stepKey: fc.oneof(fc.string(), loose),
      runId: fc.oneof(fc.string(), loose),
      retry: fc.oneof(fc.constant(false), fc.record({ attempts: fc.integer() }, { requiredKeys: [] }), loose),
      other: loose,
    },
    { requiredKeys: [] },
  ),
  loose,
);

/** What prepareReply answers, or the code it throws. */
function outcome(read: () => unknown): unknown {
  try {
    return { ok: read() };
  } catch (error) {
    return { code: (error as { code?: string }).code };
  }
}

describe('the hand checks that skip zod', () => {
  it('accept a reply input only when replyInputSchema does, and prepare it as the schema path does', () => {
    fc.assert(
      fc.property(input, (value) => {
        if (!plainReplyInput(value)) return;
        expect(replyInputSchema.safeParse(value).success).toBe(true);
        const { messages: given, instructions } = value as { messages: unknown; instructions?: string };
        const expected = typeof given === 'string' ? [{ role: 'user', content: given }] : given;
        const prepared = prepareReply(value as never);
        expect(prepared.request.messages).toEqual(expected);
        expect(prepared.request.instructions).toBe(instructions);
      }),
      { numRuns: 2000 },
    );
  });

  it('accept call options only when callOptionsSchema does, and checkOptions refuses what the schema refuses', () => {
    fc.assert(
      fc.property(options, (value) => {
        const schema = callOptionsSchema.safeParse(value).success;
        if (plainOptions(value)) expect(schema).toBe(true);
        const checked = outcome(() => checkOptions(value as object));
        if (value === undefined || value === null) return;
        expect(checked).toEqual(schema ? { ok: value } : { code: 'E0003' });
      }),
      { numRuns: 2000 },
    );
  });

  it('take the inputs the wire server sends', () => {
    const chat = {
      instructions: 'Be brief.',
      messages: [
        { role: 'user', content: 'Hi' },
        { role: 'assistant', content: 'Hello' },
        { role: 'assistant' },
        { role: 'user', content: '' },
      ],
    };
    expect(plainReplyInput(chat)).toBe(true);
    expect(plainReplyInput({ messages: 'Hi' })).toBe(true);
    expect(
      plainOptions({ requestId: 'wire-1', stepKey: 'call:wire-1', signal: AbortSignal.abort(), retry: false }),
    ).toBe(true);
  });

  it('leave to the schema what it must word or check further', () => {
    const hidden = { messages: 'Hi' };
    Object.defineProperty(hidden, 'tools', { value: 'not tools', enumerable: false });
    const calls = { role: 'user', content: 'Hi' };
    Object.defineProperty(calls, 'calls', { value: [], enumerable: false });
    for (const value of [
      hidden,
      { messages: [] },
      { messages: '' },
      { messages: [{ role: 'user', content: 'Hi', calls: [] }] },
      { messages: [calls] },
      { messages: [{ role: 'tool', results: [] }] },
      { messages: [new Proxy({ role: 'user', content: 'Hi' }, {})] },
      { messages: 'Hi', output: z.string() },
      Object.assign(Object.create(null), { messages: 'Hi' }),
    ])
      expect(plainReplyInput(value)).toBe(false);
    for (const value of [{ retry: { attempts: 2 } }, { requestId: '' }, { signal: {} }, { other: 1 }])
      expect(plainOptions(value)).toBe(false);
  });
});
