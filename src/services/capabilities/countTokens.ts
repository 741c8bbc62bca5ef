import { z } from 'zod';
import { built, lazySchema } from '../../validation/lazySchema.js';
import { invalid } from '../requests/invalid.js';
import { messageSchema } from '../requests/requestSchemas.js';
import { sentRequest, type SentReplyRequest } from '../requests/sentRequest.js';
import type { CapabilitySpec } from '../spec/CapabilitySpec.js';
import type { ReplyRequest } from '../spec/Provider.js';

/** A request to count: a reply's request, its model id left to the provider being tried. */
export type CountRequest = Omit<ReplyRequest, 'model'> & { readonly model?: string };

// The engine hands a request `prepareReply` wrote; the wire server and stand-ins hand their own, so it is checked again.
const countRequestSchema = lazySchema(() =>
  z.looseObject({ messages: z.array(built(messageSchema)).min(1), instructions: z.string().optional() }),
);

/** The input tokens a reply's request would use: messages, instructions, tools and output schema. */
export const countTokens: CapabilitySpec<
  readonly [request: CountRequest],
  number,
  SentReplyRequest,
  { readonly tokens: number }
> = {
  name: 'countTokens',
  check: ([request]) => {
    const parsed = countRequestSchema.safeParse(request);
    if (!parsed.success) throw invalid('request', request, parsed.error.issues, countRequestSchema);
  },
  invoke: (provider, [request], context) => provider.countTokens!({ ...request, model: context.model }, context),
  problem: (tokens) => (Number.isSafeInteger(tokens) && (tokens as number) >= 0 ? undefined : 'a whole number >= 0'),
  sent: ([request]) => sentRequest(request as ReplyRequest),
  answer: 'a function (request) => a whole number of input tokens, such as (request) => 42',
  unscripted: true,
  gives: 'a whole number of input tokens >= 0',
  request: ([request]) => {
    const { model: _model, ...asked } = sentRequest(request as ReplyRequest);
    return JSON.parse(JSON.stringify(asked)) as Record<string, unknown>;
  },
  recorded: {
    schema: lazySchema(() => z.strictObject({ tokens: z.number().int().min(0) })),
    answer: (tokens) => (Number.isSafeInteger(tokens) && tokens >= 0 ? { tokens } : undefined),
    result: ({ tokens }) => tokens,
  },
};
