import { LimitExceeded } from '../../../protocols/LimitExceeded.js';
import { NdjsonDecoder } from '../../../protocols/ndjson.js';
import type { CallContext, ReplyPart } from '../../spec/Provider.js';
import type { Endpoint } from '../http/Endpoint.js';
import type { Exchange } from '../http/Exchange.js';
import type { Limits } from '../http/limits.js';

/** Folds an answer's lines into reply parts: what the Ollama protocol's reader knows. */
export interface LineFolder {
  /** Adds the parts one line makes to `out`; throws a WireFault on an error line. */
  add(line: string, out: ReplyPart[]): void;
  /** Adds the parts the end of the answer makes to `out`; throws when it ended early. */
  end(out: ReplyPart[]): void;
}

/**
 * POSTs a streamed request and hands on each line's parts as they arrive, those before a failure first. A body of one
 * JSON object (a server that answers `stream: true` whole) is read as the one line it is. Each line and the whole body
 * are bounded; stopping early cancels the body, so the connection is closed rather than left open.
 */
export async function* ndjsonReply(
  endpoint: Endpoint,
  limits: Limits,
  context: CallContext,
  path: string,
  body: string,
  folder: () => LineFolder,
): AsyncGenerator<ReplyPart, void, undefined> {
  const { exchange, headers } = await endpoint.open(context, 'application/json', 'application/x-ndjson');
  try {
    const response = await exchange.send(endpoint.url(path), { method: 'POST', headers, body });
    const reader = response.body?.getReader();
    if (reader === undefined) throw exchange.malformed('the response has no body');
    const lines = folder();
    const parts: ReplyPart[] = [];
    for await (const batch of lineBatches(reader, limits, exchange)) {
      for (const line of batch) {
        let failed: unknown;
        try {
          lines.add(line, parts);
        } catch (error) {
          failed = exchange.readFault(error);
        }
        yield* parts;
        parts.length = 0;
        if (failed !== undefined) throw failed;
      }
    }
    try {
      lines.end(parts);
    } catch (error) {
      throw exchange.readFault(error);
    }
    yield* parts;
  } finally {
    exchange.close();
  }
}

/** The body's lines, a batch per network chunk, each line and the body within their bounds. */
async function* lineBatches(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  limits: Limits,
  exchange: Exchange,
): AsyncGenerator<string[], void, undefined> {
  const decoder = new NdjsonDecoder({ maxLineBytes: limits.maxLineBytes });
  let total = 0;
  let done = false;
  try {
    while (!done) {
      const out: string[] = [];
      try {
        const next = await reader.read();
        if (next.done) {
          done = true;
          decoder.end(out);
        } else {
          total += next.value.byteLength;
          if (total > limits.maxBodyBytes)
            throw new LimitExceeded('maxBodyBytes', limits.maxBodyBytes, 'the streamed response body');
          decoder.push(next.value, out);
        }
      } catch (error) {
        throw exchange.fail(error);
      }
      if (out.length > 0) yield out;
    }
  } finally {
    if (!done) await reader.cancel().catch(() => undefined);
  }
}
