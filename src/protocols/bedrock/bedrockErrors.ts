import type { FailureKind } from '../../services/spec/failures.js';
import { bedrockFailures } from './bedrockFailures.js';

/** The response header an AWS error names its shape in (`ThrottlingException`, ...). */
export const ERROR_TYPE_HEADER = 'x-amzn-errortype';

/** Bedrock's error body for `message`: AWS's JSON protocol carries the message alone, the shape in a header. */
export function bedrockErrorBody(message: string): { readonly message: string } {
  return { message };
}

/** An exception ConverseStream breaks a stream off with: its member of the stream, and its words. */
export interface StreamException {
  readonly member: string;
  readonly message: string;
}

/**
 * The exception a stream under way breaks off with per kind (auth fails before any stream), in words the reader maps
 * back.
 */
export const streamExceptions: Readonly<Partial<Record<FailureKind, StreamException>>> = {
  rate_limit: { member: 'throttlingException', message: bedrockFailures.rate_limit.message },
  server: { member: 'serviceUnavailableException', message: bedrockFailures.server.message },
  timeout: { member: 'modelStreamErrorException', message: bedrockFailures.timeout.message },
  bad_request: { member: 'validationException', message: bedrockFailures.bad_request.message },
  context_length: { member: 'validationException', message: bedrockFailures.context_length.message },
  content_filter: { member: 'validationException', message: bedrockFailures.content_filter.message },
  unknown: { member: 'internalServerException', message: bedrockFailures.unknown.message },
};

/**
 * The kind of a stream exception in {@link streamExceptions}' words; a real Bedrock's is left to the shared error
 * words.
 */
export function streamFailureOf(member: string, message: string | undefined): FailureKind | undefined {
  if (message === undefined) return undefined;
  for (const [kind, exception] of Object.entries(streamExceptions))
    if (exception.member === member && message.includes(exception.message)) return kind as FailureKind;
  return undefined;
}
