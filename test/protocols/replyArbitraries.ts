import fc from 'fast-check';
import type { CallSettings } from '../../src/services/spec/CallSettings.js';
import type { ContentPart } from '../../src/services/spec/ContentPart.js';
import type { Message, ReplyPart, ReplyRequest, ToolCall, ToolSpec } from '../../src/services/spec/Provider.js';

/*
 * The calls and replies the protocols' round-trip properties draw: every form a request and a reply
 * take, in the canonical shape each protocol reads back (a reader cannot tell what no wire carries).
 */

/** JSON a tool input or output may be. */
export const json = fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.parse(JSON.stringify(value)) as unknown);

const name = fc.stringMatching(/^[a-z][a-z0-9_]{0,11}$/);
/** A tool call's input: a JSON object, as every provider's calls carry. */
export const input = fc.dictionary(name, json, { maxKeys: 3 });
const words = fc.string({ minLength: 1, maxLength: 40 });
const bytes = fc.uint8Array({ minLength: 1, maxLength: 48 });

/** A tool's JSON Schema input: an object schema, already closed (what strict modes send). */
export const toolInput = fc.uniqueArray(name, { minLength: 0, maxLength: 3 }).map((keys) => ({
  type: 'object',
  properties: Object.fromEntries(keys.map((key) => [key, { type: 'string' }])),
  required: keys,
  additionalProperties: false,
}));

export const tool: fc.Arbitrary<ToolSpec> = fc.record(
  { name, description: words, input: toolInput },
  { requiredKeys: ['name', 'input'] },
);

export const settings: fc.Arbitrary<CallSettings> = fc.record(
  {
    temperature: fc.double({ min: 0, max: 2, noNaN: true }),
    topP: fc.double({ min: 0, max: 1, noNaN: true }),
    maxOutputTokens: fc.integer({ min: 1, max: 100_000 }),
    stopSequences: fc.array(words, { minLength: 1, maxLength: 4 }),
    seed: fc.integer({ min: -1000, max: 1000 }),
    toolChoice: fc.oneof(
      fc.constantFrom('auto' as const, 'none' as const, 'required' as const),
      name.map((tool) => ({ tool })),
    ),
  },
  { requiredKeys: [] },
);

/** A user's content part, in the forms the chat API carries both ways. */
export const chatPart: fc.Arbitrary<ContentPart> = fc.oneof(
  words.map((text) => ({ type: 'text' as const, text })),
  fc.webUrl().map((url) => ({ type: 'image' as const, url })),
  fc.record({ type: fc.constant('image' as const), bytes, mediaType: fc.constantFrom('image/png', 'image/jpeg') }),
  fc.record({ type: fc.constant('file' as const), bytes, mediaType: fc.constantFrom('audio/wav', 'audio/mpeg') }),
  fc.record({
    type: fc.constant('file' as const),
    bytes,
    mediaType: fc.constant('application/pdf'),
    name: fc.constant('a.pdf'),
  }),
);

/** One turn of a conversation: the user speaks, the assistant answers or asks for tools, and their results come. */
function turn(parts: fc.Arbitrary<ContentPart>, id: () => string): fc.Arbitrary<Message[]> {
  const user = fc
    .oneof(words, fc.array(parts, { minLength: 1, maxLength: 3 }))
    .map((content): Message => ({ role: 'user', content }));
  const calls = fc.array(fc.record({ tool: name, with: input }), { minLength: 1, maxLength: 2 });
  const asked = fc
    .tuple(fc.option(words, { nil: undefined }), calls, fc.array(json, { minLength: 2, maxLength: 2 }))
    .map(([content, drawn, outputs]): Message[] => {
      const made: ToolCall[] = drawn.map((call) => ({ id: id(), tool: call.tool, with: call.with }));
      return [
        { role: 'assistant', ...(content === undefined ? {} : { content }), calls: made },
        { role: 'tool', results: made.map((call, i) => ({ id: call.id, tool: call.tool, output: outputs[i] })) },
      ];
    });
  const said = words.map((content): Message[] => [{ role: 'assistant', content }]);
  return fc.tuple(user, fc.oneof(said, asked, fc.constant([] as Message[]))).map(([first, rest]) => [first, ...rest]);
}

/** A reply request as the chat protocol carries it both ways (another protocol's parts and settings given). */
export function chatRequest(
  parts: fc.Arbitrary<ContentPart> = chatPart,
  callSettings: fc.Arbitrary<CallSettings> = settings,
): fc.Arbitrary<ReplyRequest> {
  return fc
    .record(
      {
        model: name,
        instructions: words,
        turns: fc.array(fc.constant(null), { minLength: 1, maxLength: 3 }),
        tools: fc.uniqueArray(tool, { minLength: 1, maxLength: 3, selector: (found) => found.name }),
        output: fc.record({ name, schema: toolInput }),
        settings: callSettings,
      },
      { requiredKeys: ['model', 'turns'] },
    )
    .chain(({ turns, ...rest }) => {
      let calls = 0;
      const id = (): string => `call_${++calls}`;
      return fc
        .tuple(...turns.map(() => turn(parts, id)))
        .map((drawn): ReplyRequest => ({ ...rest, messages: drawn.flat() }));
    });
}

/** The parts of a reply in the order a stream gives them: content, calls, units, one finish. */
export function replyParts(options: {
  readonly typed: boolean;
  readonly reasoning: boolean;
}): fc.Arbitrary<ReplyPart[]> {
  const content = options.typed
    ? json.map((value): ReplyPart[] => [{ type: 'value', json: JSON.stringify({ value }) }])
    : fc.array(words, { maxLength: 3 }).map((texts) => texts.map((text): ReplyPart => ({ type: 'text', text })));
  const thinking = options.reasoning
    ? fc
        .array(words, { maxLength: 2 })
        .map((texts) => texts.map((text, block): ReplyPart => ({ type: 'reasoning', text, block })))
    : fc.constant([] as ReplyPart[]);
  const calls = fc.array(fc.record({ tool: name, with: input }), { maxLength: 2 });
  return fc
    .tuple(thinking, content, calls, fc.nat(1000), fc.nat(1000), fc.boolean())
    .map(([reasoning, said, drawn, tokensIn, tokensOut, cut]) => {
      const made = drawn.map((call, i): ReplyPart => ({ type: 'call', call: { id: `call_${i}`, ...call } }));
      const reason = made.length > 0 ? 'calls' : cut ? 'length' : 'stop';
      return [...reasoning, ...said, ...made, { type: 'units', tokensIn, tokensOut }, { type: 'finish', reason }];
    });
}

/** Parts as a reader's caller folds them: texts joined, value JSON joined, reasoning joined per block, the rest as they are. */
export function folded(parts: readonly ReplyPart[]): Record<string, unknown> {
  const reasoning = new Map<number, string>();
  const signed = new Map<number, Record<string, unknown>>();
  let text = '';
  let value = '';
  const calls: ToolCall[] = [];
  let units = { tokensIn: 0, tokensOut: 0 };
  let finish: string | undefined;
  for (const part of parts) {
    if (part.type === 'text') text += part.text;
    else if (part.type === 'value') value += part.json;
    else if (part.type === 'reasoning') {
      reasoning.set(part.block, (reasoning.get(part.block) ?? '') + part.text);
      const { type: _type, text: _text, block, ...continuation } = part;
      if (Object.keys(continuation).length > 0) signed.set(block, { ...signed.get(block), ...continuation });
    } else if (part.type === 'call') calls.push(part.call);
    else if (part.type === 'units')
      units = { tokensIn: units.tokensIn + part.tokensIn, tokensOut: units.tokensOut + part.tokensOut };
    else finish = part.reason;
  }
  return {
    text,
    value: value === '' ? undefined : JSON.parse(value),
    reasoning: [...reasoning.values()],
    ...(signed.size === 0
      ? {}
      : { reasoningBlocks: [...reasoning].map(([block, said]) => ({ text: said, ...signed.get(block) })) }),
    calls,
    units,
    finish,
  };
}

/** Requests whose tool results are sometimes errors (`<tool> failed`), for protocols that carry a result's error. */
export function withFailedResults(requests: fc.Arbitrary<ReplyRequest>): fc.Arbitrary<ReplyRequest> {
  return fc.tuple(requests, fc.infiniteStream(fc.boolean())).map(([request, failed]): ReplyRequest => ({
    ...request,
    messages: request.messages.map((message) =>
      message.role !== 'tool'
        ? message
        : {
            role: 'tool',
            results: message.results.map((result) =>
              failed.next().value ? { id: result.id, tool: result.tool, error: `${result.tool} failed` } : result,
            ),
          },
    ),
  }));
}

/** How a protocol signs what its model reasons: which continuations its assistant turns carry back. */
export interface Signing {
  /** Blocks whose reasoning is encrypted (Anthropic's `redacted_thinking`). */
  readonly redacted?: boolean;
  /** Each block under an item id (OpenAI Responses). */
  readonly ids?: boolean;
  /** Calls signed too (Gemini's `thoughtSignature` on a `functionCall`). */
  readonly calls?: boolean;
}

/** Requests whose assistant turns sometimes carry signed reasoning (and signed calls), as `signing` says. */
export function withSignedReasoning(
  requests: fc.Arbitrary<ReplyRequest>,
  signing: Signing,
): fc.Arbitrary<ReplyRequest> {
  const block = fc
    .tuple(words, fc.boolean(), fc.nat(99))
    .map(([text, redacted, n]) =>
      signing.redacted === true && redacted
        ? { text: '', signature: `enc_${n}`, redacted: true }
        : { text, signature: `sig_${n}`, ...(signing.ids === true ? { id: `rs_${n}` } : {}) },
    );
  return fc
    .tuple(requests, fc.infiniteStream(fc.array(block, { maxLength: 2 })), fc.infiniteStream(fc.boolean()))
    .map(([request, blocks, signed]): ReplyRequest => ({
      ...request,
      messages: request.messages.map((message): Message => {
        if (message.role !== 'assistant') return message;
        const reasoning = blocks.next().value;
        const calls =
          signing.calls === true && message.calls !== undefined
            ? message.calls.map((call) => (signed.next().value ? { ...call, signature: `fc_${call.id}` } : call))
            : message.calls;
        return {
          role: 'assistant',
          ...(reasoning.length > 0 ? { reasoning } : {}),
          ...(message.content === undefined ? {} : { content: message.content }),
          ...(calls === undefined ? {} : { calls }),
        };
      }),
    }));
}

/** Reasoning parts signed as a provider signs them: each block's signature on a part of its own after its text. */
export function signedParts(
  parts: fc.Arbitrary<ReplyPart[]>,
  signing: Pick<Signing, 'ids'>,
): fc.Arbitrary<ReplyPart[]> {
  return parts.map((drawn) =>
    drawn.flatMap((part, i): ReplyPart[] => {
      if (part.type !== 'reasoning') return [part];
      const next = drawn[i + 1];
      const first = drawn.findIndex((found) => found.type === 'reasoning' && found.block === part.block) === i;
      // The item id comes with the block's first part (a writer opens the item with it), the signature after its last.
      const opened = first && signing.ids === true ? { ...part, id: `rs_${part.block}` } : part;
      if (next?.type === 'reasoning' && next.block === part.block) return [opened];
      return [opened, { type: 'reasoning', text: '', block: part.block, signature: `sig_${i}` }];
    }),
  );
}
