import { ConverseEventReader } from '../../../protocols/bedrock/ConverseEventReader.js';
import { errorReport } from '../http/ErrorReport.js';
import type { Exchange } from '../http/Exchange.js';
import type { Limits } from '../http/limits.js';
import type { ReplyPart } from '../../spec/Provider.js';
import { eventFrames } from './eventFrames.js';

/**
 * The parts of a ConverseStream answer as each message arrives, those before a failure first; a JSON body fails as the
 * error it reports.
 */
export async function* parts(
  response: Response,
  exchange: Exchange,
  limits: Limits,
  typed: boolean,
): AsyncGenerator<ReplyPart, void, undefined> {
  if (response.headers.get('content-type')?.includes('application/json')) {
    const body = await exchange.json(response);
    if (errorReport(body) !== undefined)
      throw exchange.reported(body, 'the server answered an error instead of a stream');
    throw exchange.malformed('the server answered JSON instead of an event stream');
  }
  const reader = response.body?.getReader();
  if (reader === undefined) throw exchange.malformed('the response has no body');
  const events = new ConverseEventReader(typed);
  const out: ReplyPart[] = [];
  for await (const messages of eventFrames(reader, limits, exchange)) {
    for (const message of messages) {
      let failed: unknown;
      try {
        events.add(message, out);
      } catch (error) {
        failed = exchange.readFault(error);
      }
      for (const part of out) yield part;
      out.length = 0;
      if (failed !== undefined) throw failed;
    }
  }
  try {
    events.end(out);
  } catch (error) {
    throw exchange.readFault(error);
  }
  yield* out;
}
