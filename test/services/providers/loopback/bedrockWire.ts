/** Builders of the exact bytes a Bedrock ConverseStream answer is made of: AWS event-stream messages. */
import { EventStreamCodec, type MessageHeaders } from '@smithy/eventstream-codec';
import { fromUtf8, toUtf8 } from '@smithy/util-utf8';
import type { Handler } from './LoopbackServer.js';

const codec = new EventStreamCodec(toUtf8, fromUtf8);

function text(value: string): MessageHeaders[string] {
  return { type: 'string', value };
}

/** One event message, its payload padded with `p` as Bedrock pads them. */
export function frame(type: string, payload: Record<string, unknown>): Uint8Array {
  return codec.encode({
    headers: { ':event-type': text(type), ':content-type': text('application/json'), ':message-type': text('event') },
    body: fromUtf8(JSON.stringify({ ...payload, p: 'abcdefghijk' })),
  });
}

/** An exception message inside the stream, as Bedrock sends a throttling or a model error mid-answer. */
export function exceptionFrame(type: string, message: string): Uint8Array {
  return codec.encode({
    headers: {
      ':exception-type': text(type),
      ':content-type': text('application/json'),
      ':message-type': text('exception'),
    },
    body: fromUtf8(JSON.stringify({ message })),
  });
}

export const messageStart = frame('messageStart', { role: 'assistant' });

export function textBlock(index: number, pieces: readonly string[]): Uint8Array[] {
  return [
    ...pieces.map((piece) => frame('contentBlockDelta', { contentBlockIndex: index, delta: { text: piece } })),
    frame('contentBlockStop', { contentBlockIndex: index }),
  ];
}

export function reasoningBlock(index: number, pieces: readonly string[]): Uint8Array[] {
  return [
    ...pieces.map((piece) =>
      frame('contentBlockDelta', { contentBlockIndex: index, delta: { reasoningContent: { text: piece } } }),
    ),
    frame('contentBlockDelta', { contentBlockIndex: index, delta: { reasoningContent: { signature: 'sig' } } }),
    frame('contentBlockStop', { contentBlockIndex: index }),
  ];
}

export function toolBlock(index: number, id: string, name: string, pieces: readonly string[]): Uint8Array[] {
  return [
    frame('contentBlockStart', { contentBlockIndex: index, start: { toolUse: { toolUseId: id, name } } }),
    ...pieces.map((input) => frame('contentBlockDelta', { contentBlockIndex: index, delta: { toolUse: { input } } })),
    frame('contentBlockStop', { contentBlockIndex: index }),
  ];
}

export function messageStop(stopReason: string): Uint8Array {
  return frame('messageStop', { stopReason });
}

export function metadata(inputTokens: number, outputTokens: number, extra: Record<string, number> = {}): Uint8Array {
  return frame('metadata', {
    usage: { inputTokens, outputTokens, totalTokens: inputTokens + outputTokens, ...extra },
    metrics: { latencyMs: 12 },
  });
}

/** A whole streamed text answer. */
export function textStream(pieces: readonly string[], units: readonly [number, number] = [12, 3], stop = 'end_turn') {
  return [messageStart, ...textBlock(0, pieces), messageStop(stop), metadata(units[0], units[1])];
}

/** The messages joined into one body. */
export function joined(messages: readonly Uint8Array[]): Buffer {
  return Buffer.concat(messages.map((message) => Buffer.from(message)));
}

/** Answers `application/vnd.amazon.eventstream`, each message its own write (or one byte at a time). */
export function eventStream(messages: readonly Uint8Array[], options: { byteByByte?: boolean } = {}): Handler {
  return async (_, response) => {
    response.writeHead(200, {
      'content-type': 'application/vnd.amazon.eventstream',
      'x-amzn-requestid': 'aws-req-1',
    });
    const pieces = options.byteByByte ? [...joined(messages)].map((byte) => Buffer.of(byte)) : messages;
    for (const piece of pieces) {
      if (response.destroyed) return;
      await new Promise<void>((resolve) => response.write(piece, () => resolve()));
    }
    response.end();
  };
}

/** Answers an AWS JSON error: the status, `x-amzn-errortype` naming its shape, and `{ message }`. */
export function awsError(status: number, type: string, message: string, headers: Record<string, string> = {}): Handler {
  return (_, response) => {
    response.writeHead(status, {
      'content-type': 'application/json',
      'x-amzn-errortype': `${type}:http://internal.amazon.com/coral/com.amazon.bedrock/`,
      'x-amzn-requestid': 'aws-req-err',
      ...headers,
    });
    response.end(JSON.stringify({ message }));
  };
}

/** The shape of a SigV4 authorization header for the `bedrock` service in `region`, signed by `accessKeyId`. */
export function sigV4(accessKeyId: string, region: string): RegExp {
  const id = accessKeyId.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(
    `^AWS4-HMAC-SHA256 Credential=${id}/\\d{8}/${region}/bedrock/aws4_request, ` +
      `SignedHeaders=[a-z0-9;-]*host[a-z0-9;-]*x-amz-date[a-z0-9;-]*, Signature=[0-9a-f]{64}$`,
  );
}
