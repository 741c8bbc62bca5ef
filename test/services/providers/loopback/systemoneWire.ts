import { json, type Handler } from './LoopbackServer.js';

/** The System One answer of providers.md §1.7, as TypeSafe writes it: to the refund / team / urgency questions. */
export const recorded = {
  model: 'jev-1.13.0',
  answers: {
    refund: { type: 'noul', noul: 0.63 },
    team: {
      type: 'choice',
      choice: 'billing',
      probabilities: { billing: 0.9998, technical: 0.0002 },
      confidence: 0.9997,
    },
    urgency: {
      type: 'score',
      score: 2.0858,
      legend: { '0': 'can wait', '1': 'this week', '2': 'today', '3': 'right now' },
      probabilities: { '0': 0.0023, '1': 0.116, '2': 0.6753, '3': 0.2064 },
      confidence: 0.673,
    },
  },
  usage: { input_tokens: 239, output_tokens: 0 },
};

interface WireQuestion {
  readonly type: string;
  readonly criteria?: unknown;
}

/**
 * A System One server: answers whatever questions a request asks, as Jev would shape them —
 * a choice's first option most likely, a score leaning to its top level, a `noul` of 0.63 with
 * no confidence — with the request-id header on every response.
 */
export function systemone(options: { readonly model?: string; readonly requestId?: string } = {}): Handler {
  return (request, response) => {
    const asked = JSON.parse(request.body.toString('utf8')) as { questions: Record<string, WireQuestion> };
    const answers: Record<string, unknown> = {};
    for (const [id, question] of Object.entries(asked.questions)) {
      if (question.type === 'choice') {
        const options = Object.keys(question.criteria as object);
        const rest = 0.2 / Math.max(1, options.length - 1);
        const probabilities = Object.fromEntries(
          options.map((option, i) => [option, options.length === 1 ? 1 : i === 0 ? 0.8 : rest]),
        );
        answers[id] = {
          type: 'choice',
          choice: options[0],
          probabilities,
          confidence: options.length === 1 ? 1 : (options.length * 0.8 - 1) / (options.length - 1),
        };
      } else if (question.type === 'score') {
        const levels = question.criteria as unknown[];
        const top = levels.length - 1;
        const probabilities = Object.fromEntries(
          levels.map((_, i) => [String(i), i === top ? 0.7 : i === top - 1 ? 0.3 : 0]),
        );
        answers[id] = {
          type: 'score',
          score: top - 0.3,
          legend: Object.fromEntries(levels.map((level, i) => [String(i), level])),
          probabilities,
          confidence: 0.4,
        };
      } else {
        answers[id] = { type: 'noul', noul: 0.63 };
      }
    }
    json(
      200,
      { model: options.model ?? 'jev-1.13.0', answers, usage: { input_tokens: 120, output_tokens: 0 } },
      { 'x-typesafe-request-id': options.requestId ?? 'ts-req-1' },
    )(request, response);
  };
}

/** A TypeSafe error: `{ detail }` with the request-id header, as the API writes every error. */
export function detail(status: number, body: unknown, headers: Record<string, string> = {}): Handler {
  return json(status, { detail: body }, { 'x-typesafe-request-id': 'ts-err-1', ...headers });
}
