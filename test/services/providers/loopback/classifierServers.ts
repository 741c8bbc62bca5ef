import type { AskedQuestion, ClassifiedAnswer } from '../../../../src/protocols/Classification.js';
import { readDecisions } from '../../../../src/protocols/decisions/decisionsRequest.js';
import { writeDecisionsReply } from '../../../../src/protocols/decisions/decisionsReply.js';
import { openaiErrorBody } from '../../../../src/protocols/openai/openaiErrors.js';
import { readSystemone } from '../../../../src/protocols/typesafe/systemoneRequest.js';
import { writeSystemoneReply } from '../../../../src/protocols/typesafe/systemoneReply.js';
import type { TypesafeError } from '../../../../src/protocols/typesafe/typesafeErrors.js';
import { json, raw, type Handler, type Received } from './LoopbackServer.js';

/*
 * Servers of the classification protocols for the adapters' loopback tests: each request read by
 * the protocol's reader, each answer written by the protocol's writer, so no test writes a body of
 * its own but the ones it means to break.
 */

/**
 * How a decision model shapes its answers to any question: a choice's first option most likely, a
 * score leaning to its top level, a yes-no's probability of 0.63.
 */
function answerOf(question: AskedQuestion): ClassifiedAnswer {
  if (question.type === 'choice') {
    const options = Object.keys(question.criteria ?? {});
    const rest = 0.2 / Math.max(1, options.length - 1);
    return {
      type: 'choice',
      choice: options[0]!,
      probabilities: Object.fromEntries(
        options.map((option, i) => [option, options.length === 1 ? 1 : i === 0 ? 0.8 : rest]),
      ),
      confidence: options.length === 1 ? 1 : (options.length * 0.8 - 1) / (options.length - 1),
    };
  }
  if (question.type === 'score') {
    const levels = question.criteria as readonly unknown[];
    const top = levels.length - 1;
    return {
      type: 'score',
      score: top - 0.3,
      probabilities: levels.map((_, i) => (i === top ? 0.7 : i === top - 1 ? 0.3 : 0)),
      legend: levels,
      confidence: 0.4,
    };
  }
  return { type: 'yesNo', yesProbability: 0.63 };
}

/** The fields of a request body the protocol reads: what an adapter's `settings.body` adds is a server's to ignore. */
function asked(request: Received, fields: readonly string[]): Record<string, unknown> {
  const body = JSON.parse(request.body.toString('utf8')) as Record<string, unknown>;
  return Object.fromEntries(fields.filter((field) => field in body).map((field) => [field, body[field]]));
}

/** A System One server answering whatever it is asked (see {@link answerOf}), as `model`, with its request-id header. */
export function systemone(options: { readonly model?: string; readonly requestId?: string } = {}): Handler {
  return (request, response) => {
    const { questions } = readSystemone(asked(request, ['state', 'model', 'questions']));
    const answers = Object.fromEntries(Object.entries(questions).map(([id, question]) => [id, answerOf(question)]));
    const usage = { inputTokens: 120, outputTokens: 0, totalTokens: 120 };
    const body = writeSystemoneReply({ model: options.model ?? 'jev-1.13.0', answers, refused: [], usage });
    const headers = { 'content-type': 'application/json', 'x-typesafe-request-id': options.requestId ?? 'ts-req-1' };
    return raw(200, body, headers)(request, response);
  };
}

/** A Decisions server answering whatever it is asked in order (see {@link answerOf}), refusing the questions named in `refuse`. */
export function decisions(options: { readonly refuse?: readonly string[]; readonly model?: string } = {}): Handler {
  return (request, response) => {
    const { questions } = readDecisions(asked(request, ['model', 'input', 'questions']));
    const refused = Object.keys(questions).filter((id) => options.refuse?.includes(id));
    const answers = Object.fromEntries(
      Object.entries(questions)
        .filter(([id]) => !refused.includes(id))
        .map(([id, question]) => [id, answerOf(question)]),
    );
    const usage = { inputTokens: 180, outputTokens: 3, totalTokens: 183 };
    const model = options.model ?? 'gpt-6-luna-2026-10-01';
    const body = writeDecisionsReply({ model, answers, refused, usage }, questions);
    return raw(200, body, { 'content-type': 'application/json', 'x-request-id': 'req_dec_1' })(request, response);
  };
}

/** A TypeSafe error, `{ detail }`, with the request-id header, as the API writes every error. */
export function detail(status: number, said: TypesafeError['detail'], headers: Record<string, string> = {}): Handler {
  return json(status, { detail: said } satisfies TypesafeError, { 'x-typesafe-request-id': 'ts-err-1', ...headers });
}

/** An OpenAI error body, `{ error: { message, type, param, code } }`, with its request-id header. */
export function openaiError(
  status: number,
  message: string,
  type: string,
  code: string | null = null,
  headers: Record<string, string> = {},
): Handler {
  const body = openaiErrorBody(message, { type, ...(code === null ? {} : { code }) });
  return json(status, body, { 'x-request-id': 'req_err_1', ...headers });
}
