import { bytesDigest } from '../../services/requests/bytesDigest.js';
import type { PlainCapability } from '../../services/spec/CapabilitySpec.js';
import type { CallRecord } from '../model/Answer.js';
import { estimateTokensIn } from '../model/answerParts.js';
import { embedByHash } from '../model/embedByHash.js';
import { imageByHash } from '../model/imageByHash.js';
import { rankByOverlap } from '../model/rankByOverlap.js';
import { fittingSound } from './fittingSound.js';

/** What `fitting()` answers every capability besides `reply` with. */
export type FittingCalls = { readonly [N in PlainCapability]-?: NonNullable<CallRecord[N]> };

/**
 * What `fitting()` answers each capability besides `reply` with, from the call alone: a capability of the table does
 * not compile without an entry here, so `fitting()` answers every one.
 */
export function fittingCalls(dimensions: number): FittingCalls {
  return {
    embed: embedByHash(dimensions),
    hear: (input, call) => {
      const { length, sha256 } = bytesDigest(input.audio);
      return {
        text: `Fitting transcript from ${call.model} of ${length} bytes of ${input.kind} (${sha256.slice(0, 12)}).`,
      };
    },
    speak: (text) => fittingSound(text),
    rank: rankByOverlap(),
    image: imageByHash(),
    call: (input, call) => ({ model: call.model, input }),
    // The same estimate a faked reply's units use, so a count and the reply it counts agree.
    countTokens: (request) => estimateTokensIn(request),
  };
}
