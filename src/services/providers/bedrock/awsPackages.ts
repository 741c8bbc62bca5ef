import type * as Codec from '@smithy/eventstream-codec';
import type * as Utf8 from '@smithy/util-utf8';
import type * as Aws4fetch from 'aws4fetch';
import { StandinError } from '../../../errors/StandinError.js';

/** The event-stream codec with its UTF-8 helpers, as `@smithy/eventstream-codec` and `@smithy/util-utf8` export them. */
export interface EventStreamPackages {
  readonly codec: typeof Codec;
  readonly utf8: typeof Utf8;
}

/**
 * Loads `aws4fetch`, which signs Bedrock requests, on the first signed call: a program that never
 * calls Bedrock never needs it. Throws `C0025` naming the package when it is not installed.
 *
 * @example
 * ```ts
 * const { AwsV4Signer } = await loadSigner();
 * ```
 */
export async function loadSigner(): Promise<typeof Aws4fetch> {
  try {
    return await import('aws4fetch');
  } catch (error) {
    throw missing('aws4fetch', 'sign requests to AWS (SigV4)', error);
  }
}

/**
 * Loads `@smithy/eventstream-codec` and `@smithy/util-utf8`, which read and write the AWS
 * event-stream framing of ConverseStream, on the first streamed call. Throws `C0025` naming the
 * package that is not installed.
 *
 * @example
 * ```ts
 * const { codec, utf8 } = await loadEventStream();
 * const messages = new codec.EventStreamCodec(utf8.toUtf8, utf8.fromUtf8);
 * ```
 */
export async function loadEventStream(): Promise<EventStreamPackages> {
  let codec: EventStreamPackages['codec'];
  let utf8: EventStreamPackages['utf8'];
  try {
    codec = await import('@smithy/eventstream-codec');
  } catch (error) {
    throw missing('@smithy/eventstream-codec', 'read and write the event stream of ConverseStream', error);
  }
  try {
    utf8 = await import('@smithy/util-utf8');
  } catch (error) {
    throw missing('@smithy/util-utf8', 'read and write the event stream of ConverseStream', error);
  }
  return { codec, utf8 };
}

function missing(name: string, what: string, cause: unknown): StandinError {
  return new StandinError(
    'C0025',
    `Bedrock needs the package '${name}' to ${what}, and it cannot be loaded. Install it beside standin: ` +
      `npm install ${name}. It is an optional peer, needed only by applications that use Bedrock.`,
    { cause },
  );
}
