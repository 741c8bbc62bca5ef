import { WireError } from '../../WireError.js';

/** The chat fields a scripted answer cannot honour, and why, for the values that ask it to. */
const unhonoured: Readonly<Record<string, (value: unknown) => string | undefined>> = {
  n: (v) =>
    v === 1
      ? undefined
      : `n: ${JSON.stringify(v)} asks for several choices, and the wire server gives one per request; send n: 1 or ` +
        `leave it out`,
  logprobs: (v) => (v === false ? undefined : 'scripted answers have no log probabilities; leave logprobs out'),
  top_logprobs: () => 'scripted answers have no log probabilities; leave top_logprobs out',
  modalities: (v) =>
    Array.isArray(v) && v.every((m) => m === 'text')
      ? undefined
      : "the wire server answers chat in text only; ask /v1/audio/speech for sound, or send modalities: ['text']",
  logit_bias: () => 'scripted answers are not sampled, so logit_bias cannot change them; leave it out',
};

/**
 * Refuses (`W0004`, OpenAI's `unsupported_value`) a field whose value asks for what a scripted
 * answer cannot give: several choices, log probabilities, audio, a sampling bias.
 */
export function refuseUnhonoured(body: Readonly<Record<string, unknown>>): void {
  for (const field in unhonoured) {
    const value = body[field];
    if (value === undefined || value === null) continue;
    const why = unhonoured[field]!(value);
    if (why === undefined) continue;
    throw new WireError('W0004', 400, `Unsupported value for ${field}: ${why}.`, {
      type: 'invalid_request_error',
      code: 'unsupported_value',
      param: field,
      retry: false,
    });
  }
}
