import type { ServerResponse } from 'node:http';
import { CallFailed } from '../errors/CallFailed.js';
import { ProviderFailure } from '../errors/ProviderFailure.js';
import { StandinError } from '../errors/StandinError.js';
import type { FailureAnswer } from '../protocols/failures.js';
import { WireFault } from '../protocols/WireFault.js';
import type { DialectAnswers } from './dialects/DialectAnswers.js';
import { failureAnswer } from '../protocols/failures.js';
import { dropConnection, sendJson } from './respond.js';
import { WireError, type WireErrorDetails } from './WireError.js';

/** Codes of a request the client shaped wrongly, answered 400 rather than 500. */
const clientCodes = new Set(['E0003', 'K0003']);

/**
 * Answers a failed request: a scripted `fail` as the provider's failure, a refused field as its 400, a script's mistake
 * as a 400 no client retries, the server's own failure as a 500; a reply under way is broken off mid-stream.
 */
export function refuse(response: ServerResponse, dialect: DialectAnswers, responseId: string, error: unknown): void {
  const failure =
    error instanceof CallFailed && error.cause instanceof ProviderFailure
      ? error.cause
      : error instanceof ProviderFailure
        ? error
        : undefined;
  if (response.headersSent || response.destroyed) {
    // Parts were already sent: the connection breaks once the parts sent are on their way. On the next tick, after
    // the events a stream held back in this one (SseStream) are written.
    process.nextTick(() => {
      const cut = setTimeout(() => response.destroy(), 1000);
      response.write('', () => {
        clearTimeout(cut);
        response.destroy();
      });
    });
    return;
  }
  if (failure !== undefined) {
    answerFailure(response, dialect, responseId, failureAnswer(dialect.failures, failure.kind, failure.retryAfterMs));
    return;
  }
  if (error instanceof WireFault && error.fault.kind === 'refused')
    error = dialect.refused(error.fault.issue, error.notes);
  let status: number;
  let message: string;
  let details: WireErrorDetails;
  if (error instanceof WireError) {
    ({ status, details } = error);
    message = error.message;
  } else if (error instanceof StandinError && clientCodes.has(error.code)) {
    status = 400;
    message = error.message;
    details = { type: 'invalid_request_error', retry: false };
  } else if (error instanceof StandinError) {
    // A script's mistake (T-, K-codes): the test author reads it at once. 400 is the status no common client retries
    // (the official SDKs, the AI SDK, LangChain, @google/genai, the AWS SDK), so it fails in milliseconds, never after
    // a client's back-off.
    status = 400;
    message = error.message;
    details = { type: 'invalid_request_error', code: error.code, retry: false };
  } else {
    status = 500;
    message = `The wire server failed: ${error instanceof Error ? error.message : String(error)}`;
    details = { type: dialect.internalType, retry: false };
  }
  send(response, dialect, responseId, status, message, details);
}

/** Answers a provider failure (a scripted `fail`) as the dialect's provider does: its status and error, or a dropped connection. */
export function answerFailure(
  response: ServerResponse,
  dialect: DialectAnswers,
  responseId: string,
  answer: FailureAnswer,
  message?: string,
): void {
  if (answer === 'drop') {
    dropConnection(response);
    return;
  }
  const { status, type, code, param, headers, retry } = answer;
  send(response, dialect, responseId, status, message ?? answer.message, { type, code, param, headers, retry });
}

function send(
  response: ServerResponse,
  dialect: DialectAnswers,
  responseId: string,
  status: number,
  message: string,
  details: WireErrorDetails,
): void {
  const headers: Record<string, string> = { ...dialect.headers(responseId, { status, details }), ...details.headers };
  if (details.retry === false) headers['x-should-retry'] = 'false';
  sendJson(response, status, dialect.errorBody(message, details, responseId, status), headers);
}
