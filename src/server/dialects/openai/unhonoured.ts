import { WireError } from '../../WireError.js';

/** Fields a scripted answer cannot honour, and why, for the values that ask it to. */
export type Unhonoured = Readonly<Record<string, (value: unknown) => string | undefined>>;

const noLogprobs = 'scripted answers have no log probabilities';

/** The chat fields: several choices, log probabilities, audio, a sampling bias. */
export const chatUnhonoured: Unhonoured = {
  n: (v) =>
    v === 1
      ? undefined
      : `n: ${JSON.stringify(v)} asks for several choices, and the wire server gives one per request; send n: 1 or ` +
        `leave it out`,
  logprobs: (v) => (v === false ? undefined : `${noLogprobs}; leave logprobs out`),
  top_logprobs: () => `${noLogprobs}; leave top_logprobs out`,
  modalities: (v) =>
    Array.isArray(v) && v.every((m) => m === 'text')
      ? undefined
      : "the wire server answers chat in text only; ask /v1/audio/speech for sound, or send modalities: ['text']",
  logit_bias: () => 'scripted answers are not sampled, so logit_bias cannot change them; leave it out',
};

/** The Responses fields: what a store or a background run keeps, log probabilities. */
export const responsesUnhonoured: Unhonoured = {
  previous_response_id: () => 'the wire server keeps no responses; send the whole conversation in input (store: false)',
  conversation: () => 'the wire server keeps no conversations; send the whole conversation in input',
  background: (v) => (v === false ? undefined : 'the wire server answers in the foreground only; leave background out'),
  top_logprobs: (v) => (v === 0 ? undefined : `${noLogprobs}; leave top_logprobs out`),
};

/** `W0004` (`unsupported_value`) for a value asking what a scripted answer cannot give. */
export function refuseUnhonoured(body: Readonly<Record<string, unknown>>, table: Unhonoured): void {
  for (const field in table) {
    const value = body[field];
    if (value === undefined || value === null) continue;
    const why = table[field]!(value);
    if (why === undefined) continue;
    throw new WireError('W0004', 400, `Unsupported value for ${field}: ${why}.`, {
      type: 'invalid_request_error',
      code: 'unsupported_value',
      param: field,
      retry: false,
    });
  }
}
