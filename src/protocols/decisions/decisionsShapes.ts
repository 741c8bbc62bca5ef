import { z } from 'zod';
import { answerObject, anyNumber, listOf, probability, shown, text } from '../answerReading.js';

/*
 * The Decisions API, `POST /v1/decisions`, as OpenAI's API reference and its official SDK's types
 * document it: the request (its input items and question parts), the answers, the whole reply.
 * Read by the adapter (which writes requests and reads replies) and the wire server (which reads
 * requests and writes replies) alike.
 */

/** The most questions one request may ask. */
export const DECISIONS_MAX_QUESTIONS = 400;

/** The fewest and the most options a choice question may have. */
export const DECISIONS_CHOICES = { min: 2, max: 255 } as const;

const breakpoint = z.object({ mode: z.literal('explicit') });
const inputText = z.object({
  type: z.literal('input_text'),
  text: z.string(),
  prompt_cache_breakpoint: breakpoint.nullish(),
});
const inputImage = z.object({
  type: z.literal('input_image'),
  image_url: z.string(),
  detail: z.enum(['low', 'high', 'auto', 'original']).nullish(),
  prompt_cache_breakpoint: breakpoint.nullish(),
});
const jsonRecord = z.record(z.string(), z.unknown());
/** Structured JSON: an object, or a list of objects. */
const inputJson = z.object({ type: z.literal('input_json'), data: z.union([jsonRecord, z.array(jsonRecord)]) });
const textContent = z.union([z.string(), z.array(inputText)]);
const messageType = z.literal('message').optional();

/** A message of the input: the user's (text, images, JSON), the developer's or system's (text), the assistant's. */
export const decisionsMessage = z.discriminatedUnion('role', [
  z.object({
    role: z.literal('user'),
    content: z.union([z.string(), z.array(z.discriminatedUnion('type', [inputText, inputImage, inputJson]))]),
    type: messageType,
  }),
  z.object({ role: z.enum(['developer', 'system']), content: textContent, type: messageType }),
  z.object({
    role: z.literal('assistant'),
    content: z.union([
      z.string(),
      z.array(
        z.discriminatedUnion('type', [
          z.object({ type: z.literal('output_text'), text: z.string() }),
          z.object({ type: z.literal('refusal'), refusal: z.string() }),
        ]),
      ),
    ]),
    phase: z.enum(['commentary', 'final_answer']).nullish(),
    type: messageType,
  }),
]);

const itemMeta = {
  id: z.string().nullish(),
  status: z.enum(['in_progress', 'completed', 'incomplete']).nullish(),
};
const toolOutput = z.union([z.string(), z.array(z.discriminatedUnion('type', [inputText, inputImage]))]);

/** An input item that is not a message: a function or custom tool call, or its output. */
export const decisionsToolItem = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('function_call'),
    call_id: z.string(),
    name: z.string(),
    arguments: z.string(),
    namespace: z.string().nullish(),
    ...itemMeta,
  }),
  z.object({ type: z.literal('function_call_output'), call_id: z.string(), output: toolOutput, ...itemMeta }),
  z.object({
    type: z.literal('custom_tool_call'),
    call_id: z.string(),
    name: z.string(),
    input: z.string(),
    namespace: z.string().nullish(),
    ...itemMeta,
  }),
  z.object({ type: z.literal('custom_tool_call_output'), call_id: z.string(), output: toolOutput, ...itemMeta }),
]);

/** A question's instructions: a text, or a list of text, image and JSON parts. */
const instructions = z.union([
  z.string(),
  z.array(
    z.discriminatedUnion('type', [
      z.object({ type: z.literal('input_text'), text: z.string() }),
      z.object({
        type: z.literal('input_image'),
        image_url: z.string(),
        detail: z.enum(['low', 'high', 'auto', 'original']).nullish(),
      }),
      inputJson,
    ]),
  ),
]);

export const decisionsQuestion = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('predicate'), name: z.string(), instructions }),
  z.strictObject({
    type: z.literal('choice'),
    name: z.string(),
    instructions,
    choices: z
      .array(z.object({ value: z.string(), description: z.string().optional() }))
      .min(DECISIONS_CHOICES.min)
      .max(DECISIONS_CHOICES.max),
  }),
  z.strictObject({
    type: z.literal('score'),
    name: z.string(),
    instructions,
    levels: z.array(z.object({ label: z.string(), description: z.string().optional() })),
  }),
]);

/** The request body; a field the API does not take is refused. */
export const decisionsBody = z.strictObject({
  model: z.string().nullish(),
  input: z.union([z.string(), z.array(z.union([decisionsMessage, decisionsToolItem]))]),
  questions: z.array(decisionsQuestion).min(1).max(DECISIONS_MAX_QUESTIONS),
  prompt_cache_key: z.string().nullish(),
  prompt_cache_options: z
    .object({ mode: z.enum(['implicit', 'explicit']).nullish(), ttl: z.literal('30m').optional() })
    .nullish(),
  safety_identifier: z.string().nullish(),
});

export type DecisionsBody = z.input<typeof decisionsBody>;

/** An answer's question name: the question's, or null when it had none. */
const name = z.string({ error: (issue) => `should be a string or null, got ${shown(issue.input)}` }).nullish();

/** A predicate's answer: the probability that it holds. It carries no confidence. */
export const predicateAnswer = answerObject({ type: z.literal('predicate'), name, probability });

/** A choice's answer: the value chosen (choice values are typed: a text and a boolean differ), its confidence, each value's probability. */
export const choiceAnswer = answerObject({
  type: z.literal('choice'),
  name,
  choice: z.union([z.string(), z.boolean()], {
    error: (issue) => `should be a string, got ${shown(issue.input)}`,
  }),
  confidence: probability,
  probabilities: listOf(answerObject({ value: text, probability })),
});

/** A score's answer: the expected level, its confidence, each level's probability by label and index. */
export const scoreAnswer = answerObject({
  type: z.literal('score'),
  name,
  score: anyNumber,
  confidence: probability,
  probabilities: listOf(answerObject({ label: text, value: anyNumber, probability })),
});

/** A question the model declined to answer; the other questions may still be answered. */
export const refusalAnswer = answerObject({ type: z.literal('refusal'), name });

/** The whole reply: the answers in the questions' order, the model, the usage. */
export const decisionsReply = z.object({
  model: z.string(),
  answers: z.array(z.discriminatedUnion('type', [predicateAnswer, choiceAnswer, scoreAnswer, refusalAnswer])),
  usage: z.object({
    input_tokens: z.int().min(0),
    input_tokens_details: z.object({ cached_tokens: z.int().min(0), cache_write_tokens: z.int().min(0) }),
    output_tokens: z.int().min(0),
    output_tokens_details: z.object({ reasoning_tokens: z.int().min(0) }),
    total_tokens: z.int().min(0),
  }),
});
