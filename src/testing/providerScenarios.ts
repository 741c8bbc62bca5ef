import { z } from 'zod';
import { failureKinds } from '../errors/ProviderFailure.js';
import type { FailureKind } from '../services/spec/failures.js';
import { plainCapabilities, type CapabilityArgs } from '../services/capabilities/capabilities.js';
import type { PlainCapability } from '../services/spec/CapabilitySpec.js';
import type { Provider, ReplyRequest } from '../services/spec/Provider.js';
import { lazySchema } from '../validation/lazySchema.js';

/** The replies a provider can be primed to give: a text, a typed value, tool calls, a reply cut short. */
export const replyScenarios = ['text', 'value', 'calls', 'length'] as const;

/** The capabilities besides `reply` a provider may claim, each a scenario of its own. */
export const capabilityScenarios: readonly PlainCapability[] = plainCapabilities;

/**
 * A reply scenario: `'text'`, `'value'`, `'calls'` or `'length'`.
 *
 * @example
 * ```ts
 * const scenario: ReplyScenario = 'calls';
 * ```
 */
export type ReplyScenario = (typeof replyScenarios)[number];

/**
 * A capability scenario: `'embed'`, `'hear'`, `'speak'`, `'rank'`, `'image'`, `'call'` or `'countTokens'`.
 *
 * @example
 * ```ts
 * const scenario: CapabilityScenario = 'embed';
 * ```
 */
export type CapabilityScenario = PlainCapability;

/**
 * A failure scenario: the provider fails the reply with this kind, such as `'fail:rate_limit'`.
 *
 * @example
 * ```ts
 * const scenario: FailScenario = 'fail:auth'; // a 401, for an HTTP adapter
 * ```
 */
export type FailScenario = `fail:${FailureKind}`;

/**
 * What a provider is primed to do for one case of {@link providerConformance}:
 *
 * - `'text'`: answer {@link scenarioRequests}`.text` with text, finishing `stop`;
 * - `'value'`: answer `.value` with a typed value fitting {@link conformanceTicket};
 * - `'calls'`: answer `.calls` by asking for `lookup` and/or `escalate`, finishing `calls`;
 * - `'length'`: answer `.text` cut short by the output limit, finishing `length`;
 * - `'slow'`: start answering `.text` and not finish on its own (a server that hangs);
 * - `'fail:<kind>'`: fail `.text` as a provider failure of that kind does (a 429 for `rate_limit`);
 * - a capability besides reply (`'embed'`, `'hear'`, ...): answer that capability's call, made with {@link
 * capabilityInputs}.
 *
 * @example
 * ```ts
 * const scenario: ProviderScenario = 'fail:rate_limit';
 * ```
 */
export type ProviderScenario = ReplyScenario | 'slow' | FailScenario | CapabilityScenario;

/** Every failure scenario, one per kind of `failureKinds`. */
export const failScenarios: readonly FailScenario[] = Object.keys(failureKinds).map(
  (kind) => `fail:${kind as FailureKind}` as const,
);

/**
 * Every scenario name, in the order the suite's cases use them.
 *
 * @example
 * ```ts
 * providerScenarios.filter((scenario) => scenario.startsWith('fail:')); // one per kind of failure
 * ```
 */
export const providerScenarios: readonly ProviderScenario[] = [
  ...replyScenarios,
  'slow',
  ...failScenarios,
  ...capabilityScenarios,
];

/**
 * A provider primed for one scenario, with what the suite may need besides it.
 *
 * @example
 * ```ts
 * const primed: PrimedProvider = { provider, started: () => requestArrived, closed: () => connectionClosed };
 * ```
 */
export interface PrimedProvider {
  readonly provider: Provider;
  /**
   * Settles once the call is under way (for a wire server: the request arrived). The abort case
   * waits for it before it lets the reply run `abortAfterMs` and aborts, so the abort lands
   * mid-reply rather than before the request left.
   */
  readonly started?: () => Promise<void>;
  /**
   * Settles once the provider has let go of what the call held open (for a wire server: the
   * connection closed). The abort case waits for it, within its bound, after the abort.
   */
  readonly closed?: () => Promise<void>;
}

/**
 * Makes a fresh provider primed to answer one scenario: a faked model given the answers, or a
 * real adapter pointed at a loopback server scripted to answer it.
 *
 * @example
 * ```ts
 * const make: MakeProvider = (scenario) => fakeProvider(scenario === 'text' ? [{ text: 'Hello.' }] : [{ fail: 'server' }]);
 * ```
 */
export type MakeProvider = (
  scenario: ProviderScenario,
) => Provider | PrimedProvider | Promise<Provider | PrimedProvider>;

/**
 * The typed value the `'value'` scenario asks for, as zod (handed to the provider as the
 * context's `output`) and as JSON Schema (the request's `output.schema`).
 *
 * @example
 * ```ts
 * conformanceTicket.parse({ team: 'billing', urgent: true });
 * ```
 */
export const conformanceTicket = lazySchema(() =>
  z.object({ team: z.enum(['billing', 'technical', 'sales']), urgent: z.boolean() }).strict(),
);

const ticketJsonSchema = {
  type: 'object',
  properties: { team: { type: 'string', enum: ['billing', 'technical', 'sales'] }, urgent: { type: 'boolean' } },
  required: ['team', 'urgent'],
  additionalProperties: false,
} as const;

const ask = (content: string): ReplyRequest['messages'] => [{ role: 'user', content }];

/**
 * The requests the suite sends for each reply scenario, for the model id it is given: prime a
 * provider to answer these (a faked model's calls must name `lookup` or `escalate`).
 *
 * @example
 * ```ts
 * scenarioRequests('gpt-4.1-mini').calls.tools?.map((tool) => tool.name); // ['lookup', 'escalate']
 * ```
 */
export function scenarioRequests(model: string): Readonly<Record<'text' | 'value' | 'calls', ReplyRequest>> {
  return {
    text: { model, instructions: 'Answer in one short sentence.', messages: ask('Say hello.') },
    value: {
      model,
      messages: ask('File this ticket: my payout failed twice.'),
      output: { name: 'ticket', schema: ticketJsonSchema },
    },
    calls: {
      model,
      messages: ask('What is our refund policy? Escalate if unsure.'),
      tools: [
        {
          name: 'lookup',
          description: 'Finds a passage in the help guide.',
          input: {
            type: 'object',
            properties: { query: { type: 'string' } },
            required: ['query'],
            additionalProperties: false,
          },
        },
        {
          name: 'escalate',
          description: 'Hands the ticket to a team.',
          input: {
            type: 'object',
            properties: {
              team: { type: 'string', enum: ['billing', 'technical', 'sales'] },
              reason: { type: 'string' },
            },
            required: ['team', 'reason'],
            additionalProperties: false,
          },
        },
      ],
    },
  };
}

/**
 * The arguments the capability cases call each capability with.
 *
 * @example
 * ```ts
 * const [, texts] = capabilityInputs.rank;
 * texts.length; // 3: a rank answer has three scores
 * ```
 */
export const capabilityInputs: { readonly [N in PlainCapability]: CapabilityArgs<N> } = {
  embed: ['refund policy'],
  // A WAV header over 0.01 s of silence: a real, tiny sound file.
  hear: [{ audio: silentWav(), kind: 'wav', language: 'en', hint: 'refund' }],
  speak: ['Your refund is on its way.'],
  rank: [
    'refund policy',
    ['Refunds take five days.', 'Our office is in Lisbon.', 'Ask billing about the refund policy.'],
  ],
  image: ['A receipt stamped REFUNDED', { size: '64x64' }],
  call: [{ question: 'refund policy' }],
  countTokens: [
    { instructions: 'Answer refund questions.', messages: [{ role: 'user', content: 'What is the refund policy?' }] },
  ],
};

function silentWav(): Uint8Array {
  const samples = 80;
  const bytes = new Uint8Array(44 + samples * 2);
  const view = new DataView(bytes.buffer);
  const text = (at: number, value: string) =>
    [...value].forEach((char, i) => view.setUint8(at + i, char.charCodeAt(0)));
  text(0, 'RIFF');
  view.setUint32(4, 36 + samples * 2, true);
  text(8, 'WAVEfmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, 1, true);
  view.setUint32(24, 8000, true);
  view.setUint32(28, 16000, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  text(36, 'data');
  view.setUint32(40, samples * 2, true);
  return bytes;
}
