import { z } from 'zod';
import { answerObject, anyNumber, jsonObject, keyed, probability, text } from '../answerReading.js';

/*
 * TypeSafe's System One, `POST /v1/systemone`, as its clients document it: the request, the answers
 * and the whole reply. Read by the adapter (which writes requests and reads replies) and the wire
 * server (which reads requests and writes replies) alike.
 */

/** The most options a choice question may have. */
export const SYSTEMONE_MAX_OPTIONS = 255;

/** The fewest and the most levels a score question may have. */
export const SYSTEMONE_LEVELS = { min: 2, max: 10 } as const;

/** A text, or structured JSON: what a state and a question's instructions may be. */
const content = z.union([z.string(), z.record(z.string(), z.unknown()), z.array(z.unknown())]);

export const systemoneQuestion = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('choice'),
    instructions: content,
    // Option -> its description, null for none.
    criteria: z
      .record(z.string(), z.unknown())
      .refine((options) => Object.keys(options).length <= SYSTEMONE_MAX_OPTIONS, {
        error: `a choice question takes at most ${SYSTEMONE_MAX_OPTIONS} options`,
      }),
  }),
  z.strictObject({
    type: z.literal('score'),
    instructions: content,
    // The levels, lowest first: a level's index is its score.
    criteria: z.array(z.unknown()).min(SYSTEMONE_LEVELS.min).max(SYSTEMONE_LEVELS.max),
  }),
  z.strictObject({
    type: z.literal('noul'),
    instructions: content,
    criteria: z.strictObject({ true: z.string().optional(), false: z.string().optional() }).nullish(),
  }),
]);

/** The request body; a field the API does not take is refused. */
export const systemoneBody = z.strictObject({
  state: z.union([z.string(), z.record(z.string(), z.unknown()), z.array(z.string())]),
  model: z.string().nullish(),
  questions: z.record(z.string(), systemoneQuestion),
});

export type SystemoneBody = z.input<typeof systemoneBody>;

/** A yes-no answer: `noul`, the probability of yes. It carries no confidence. */
export const noulAnswer = answerObject({ type: z.literal('noul'), noul: probability });

/** A choice answer: the option, each option's probability, the confidence. */
export const systemOneChoice = answerObject({
  type: z.literal('choice'),
  choice: text,
  probabilities: keyed(probability),
  confidence: probability,
});

/** A score answer: the expected level (0 to levels - 1), the legend and each level's probability, keyed "0".."n-1". */
export const systemOneScore = answerObject({
  type: z.literal('score'),
  score: anyNumber,
  legend: jsonObject,
  probabilities: keyed(probability),
  confidence: probability,
});

const systemoneAnswer = z.discriminatedUnion('type', [noulAnswer, systemOneChoice, systemOneScore]);

/** The whole reply: the model that answered, the answers by question id, the usage. */
export const systemoneReply = z.object({
  model: z.string().optional(),
  answers: z.record(z.string(), systemoneAnswer),
  usage: z.object({ input_tokens: z.int().min(0), output_tokens: z.int().min(0) }).optional(),
});
