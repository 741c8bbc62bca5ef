import { json, type Handler } from './LoopbackServer.js';

interface WireQuestion {
  readonly type: string;
  readonly name: string;
  readonly choices?: readonly { value: string | boolean }[];
  readonly levels?: readonly { label: string }[];
}

/** The usage block of a Decisions response. */
export const decisionsUsage = {
  input_tokens: 180,
  input_tokens_details: { cached_tokens: 0, cache_write_tokens: 0 },
  output_tokens: 3,
  output_tokens_details: { reasoning_tokens: 0 },
  total_tokens: 183,
};

/**
 * A Decisions server: answers the questions a request asks, in their order, as gpt-6-luna
 * shapes its answers — a choice's first option most likely, a score leaning to its top level,
 * a predicate of 0.63 — refusing the questions named in `refuse`, with `x-request-id`.
 */
export function decisions(options: { readonly refuse?: readonly string[]; readonly model?: string } = {}): Handler {
  return (request, response) => {
    const asked = JSON.parse(request.body.toString('utf8')) as { questions: WireQuestion[] };
    const answers = asked.questions.map((question) => {
      const name = question.name;
      if (options.refuse?.includes(name)) return { type: 'refusal', name };
      if (question.type === 'choice') {
        const choices = question.choices!;
        const rest = 0.2 / (choices.length - 1);
        return {
          type: 'choice',
          name,
          choice: choices[0]!.value,
          confidence: (choices.length * 0.8 - 1) / (choices.length - 1),
          probabilities: choices.map((choice, i) => ({ value: choice.value, probability: i === 0 ? 0.8 : rest })),
        };
      }
      if (question.type === 'score') {
        const levels = question.levels!;
        const top = levels.length - 1;
        return {
          type: 'score',
          name,
          score: top - 0.3,
          confidence: 0.4,
          probabilities: levels.map((level, i) => ({
            label: level.label,
            value: i,
            probability: i === top ? 0.7 : i === top - 1 ? 0.3 : 0,
          })),
        };
      }
      return { type: 'predicate', name, probability: 0.63 };
    });
    json(
      200,
      { model: options.model ?? 'gpt-6-luna-2026-10-01', answers, usage: decisionsUsage },
      { 'x-request-id': 'req_dec_1' },
    )(request, response);
  };
}

/** An OpenAI error body: `{ error: { message, type, code, param } }`. */
export function openaiError(
  status: number,
  message: string,
  type: string,
  code: string | null = null,
  headers: Record<string, string> = {},
): Handler {
  return json(status, { error: { message, type, code, param: null } }, { 'x-request-id': 'req_err_1', ...headers });
}
