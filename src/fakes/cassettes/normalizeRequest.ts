import { capabilities, type CapabilityArgs } from '../../services/capabilities/capabilities.js';
import type { PlainCapability } from '../../services/spec/CapabilitySpec.js';
import type { ClassificationRequest } from '../../services/classification/ClassificationRequest.js';
import type { ReplyRequest } from '../../services/spec/Provider.js';
import { plainJson, setOwn } from './plainJson.js';

/**
 * A request as a cassette keeps it: what a recorded call was asked, reduced to what decides its answer, as plain JSON:
 * the instructions, the messages, each tool's name and input schema, the typed value's schema and the settings (the
 * provider's model id) of a reply; the text, audio, words, texts or input of the other calls (their capability's
 * `request`); the state and questions of a classification. No key, signal, request id, scope or attempt: two calls that
 * ask the same thing normalize the same. Audio is kept as its length and SHA-256, not its bytes.
 *
 * @example
 * ```ts
 * const request: NormalizedRequest = { settings: { model: 'text-embedding-3-small' }, text: 'hello' };
 * ```
 */
export type NormalizedRequest = Readonly<Record<string, unknown>>;

/** What each call is handed, as the cassette sees it. */
export type CallInputs = {
  readonly reply: Omit<ReplyRequest, 'model'>;
  readonly classify: ClassificationRequest;
} & { readonly [N in PlainCapability]: CapabilityArgs<N> };

/**
 * Normalizes what call `call` was handed; `model` is the provider's model id (left out for classify, whose request
 * names its own model); every string passes through `text` (a cassette's secret scrubber). See {@link
 * NormalizedRequest}. `normalizeRequest('embed', ['hello'], 'text-embedding-3-small')` gives `{ settings: { model:
 * 'text-embedding-3-small' }, text: 'hello' }`.
 *
 * @throws {StandinError} `V0006` when the request holds a value JSON cannot hold.
 */
export function normalizeRequest<C extends keyof CallInputs>(
  call: C,
  input: CallInputs[C],
  model: string | undefined,
  text?: (text: string) => string,
): NormalizedRequest {
  const plain = (value: object, where: string): NormalizedRequest => plainJson(value, where, text) as NormalizedRequest;
  const settings = model === undefined ? undefined : { model };
  switch (call) {
    case 'reply': {
      const request = input as CallInputs['reply'];
      return plain(
        {
          instructions: request.instructions,
          messages: request.messages,
          tools: request.tools?.map((tool) => ({ name: tool.name, input: tool.input })),
          output: request.output?.schema,
          settings,
        },
        'a reply request',
      );
    }
    case 'classify': {
      const request = input as ClassificationRequest;
      const questions: Record<string, unknown> = {};
      for (const [id, question] of Object.entries(request.questions)) {
        setOwn(questions, id, {
          type: question.type,
          instructions: question.instructions,
          criteria: question.criteria ?? null,
        });
      }
      return plain(
        {
          state: request.state,
          questions,
          model: request.model ?? undefined,
          options: isEmpty(request.options) ? undefined : request.options,
          metadata: isEmpty(request.metadata) ? undefined : request.metadata,
        },
        'a classification request',
      );
    }
    default: {
      const name = call as PlainCapability;
      const spec = capabilities[name] as { request(args: CallInputs[typeof name]): Readonly<Record<string, unknown>> };
      return plain({ ...spec.request(input as CallInputs[typeof name]), settings }, `a ${name} request`);
    }
  }
}

function isEmpty(record: Readonly<Record<string, unknown>> | undefined): boolean {
  return record === undefined || Object.keys(record).length === 0;
}
