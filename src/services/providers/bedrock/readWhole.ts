import { readConverseAnswer } from '../../../protocols/bedrock/converseReply.js';
import type { Exchange } from '../http/Exchange.js';
import type { Limits } from '../http/limits.js';
import type { ReplyPart } from '../../spec/Provider.js';

/** The parts of a whole Converse answer, read (at most `maxBodyBytes` of it) and handed on in order. */
export async function* parts(
  response: Response,
  exchange: Exchange,
  _limits: Limits,
  typed: boolean,
): AsyncGenerator<ReplyPart, void, undefined> {
  const text = new TextDecoder().decode(await exchange.bytes(response));
  let read: ReplyPart[];
  try {
    read = readConverseAnswer(text, typed);
  } catch (error) {
    throw exchange.readFault(error);
  }
  yield* read;
}
