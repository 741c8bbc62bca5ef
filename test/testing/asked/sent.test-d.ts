import { describe, expectTypeOf, it } from 'vitest';
import type { PlainCapability } from '../../../src/services/spec/CapabilitySpec.js';
import type { SentInput } from '../../../src/services/capabilities/capabilities.js';
import type { SentEntry } from '../../../src/server.js';
import { replies, type FakeModel, type SentCall, type SentReplyRequest } from '../../../src/testing.js';

declare const writer: FakeModel;
declare const sent: readonly SentEntry[];

describe('SentCall', () => {
  it('narrows on call: a reply entry holds the request, so instructions type-check', () => {
    const first = writer.sent[0]!;
    if (first.call === 'reply') {
      expectTypeOf(first.input).toEqualTypeOf<SentReplyRequest>();
      expectTypeOf(first.input.instructions).toEqualTypeOf<string | undefined>();
    }
    if (first.call === 'embed') expectTypeOf(first.input).toEqualTypeOf<string>();
    if (first.call === 'rank') expectTypeOf(first.input.texts).toEqualTypeOf<readonly string[]>();
  });

  it('is unknown before narrowing, and refuses reading a field of it', () => {
    // @ts-expect-error -- input is a union with the call capability's unknown input until call is narrowed
    void writer.sent[0]!.input.instructions;
  });

  it("is a union on call over reply and the capability table's names, each with what its spec's sent records", () => {
    expectTypeOf<SentCall['call']>().toEqualTypeOf<'reply' | PlainCapability>();
    expectTypeOf<Extract<SentCall, { call: 'hear' }>['input']>().toEqualTypeOf<SentInput<'hear'>>();
  });
});

describe('SentEntry', () => {
  it('narrows on call as a fake does, with classify besides and audio as its byte count', () => {
    const entry = sent[0]!;
    if (entry.call === 'reply') expectTypeOf(entry.input.instructions).toEqualTypeOf<string | undefined>();
    if (entry.call === 'hear') expectTypeOf(entry.input.audio).toEqualTypeOf<string>();
    if (entry.call === 'classify') expectTypeOf(entry.input.questions).toBeObject();
    expectTypeOf<SentEntry['call']>().toEqualTypeOf<'reply' | 'classify' | 'tools/call' | PlainCapability>();
  });
});

describe('replies', () => {
  it('gives the reply requests of a fake and of the wire server, typed', () => {
    expectTypeOf(replies(writer.sent)).toEqualTypeOf<SentReplyRequest[]>();
    expectTypeOf(replies(sent)[0]!.instructions).toEqualTypeOf<string | undefined>();
  });
});
