import type { CallContext } from '../../spec/Provider.js';
import type { Endpoint } from './Endpoint.js';
import type { Exchange } from './Exchange.js';
import { wireJson } from './wireJson.js';

/** One JSON request and its answer, read by `read`; the exchange is closed either way. */
export async function postJson<T>(
  endpoint: Endpoint,
  context: CallContext,
  path: string,
  request: unknown,
  read: (body: unknown, exchange: Exchange) => T,
): Promise<T> {
  const body = wireJson(request, 'The request');
  const { exchange, headers } = await endpoint.open(context, 'application/json', 'application/json');
  try {
    const response = await exchange.send(endpoint.url(path), { method: 'POST', headers, body });
    return read(await exchange.json(response), exchange);
  } finally {
    exchange.close();
  }
}
