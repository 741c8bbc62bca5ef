import type { IncomingMessage, ServerResponse } from 'node:http';
import { StandinError, bareMessage } from '../errors/StandinError.js';
import type { ChaosSettings } from '../fakes/chaos/chaosSettings.js';
import { readBody, readJsonDocument } from './readBody.js';
import { sendJson } from './respond.js';
import type { WireChaos } from './WireChaos.js';
import { WireError } from './WireError.js';

/**
 * The control API's chaos routes: `POST /__standin/chaos` lays chaos (`{ seed, rates, models?, scopes? }`, as
 * `app.chaos` takes it) in place of any before, refused with 400 (`W0041`, carrying the settings' own code) when the
 * body is not chaos settings; `DELETE /__standin/chaos` takes it off; `GET /__standin/chaos[?scope=id]` answers the
 * settings laid (or null) and the requests disturbed, in that scope or in all.
 */
export async function chaosRoute(
  method: string,
  request: IncomingMessage,
  response: ServerResponse,
  chaos: WireChaos,
  limit: number,
  scope: string | undefined,
): Promise<void> {
  if (method === 'DELETE') {
    chaos.set(undefined);
    return sendJson(response, 200, { ok: true, chaos: null });
  }
  if (method === 'GET') {
    const disturbed = chaos.current?.disturbed ?? [];
    return sendJson(response, 200, {
      chaos: chaos.current?.settings ?? null,
      disturbed: scope === undefined ? disturbed : disturbed.filter((entry) => entry.scope === scope),
    });
  }
  const settings = readJsonDocument((await readBody(request, limit)).toString('utf8'));
  try {
    const laid = chaos.set(settings as ChaosSettings, 'POST /__standin/chaos');
    return sendJson(response, 200, { ok: true, chaos: laid?.settings ?? null });
  } catch (error) {
    if (!(error instanceof StandinError)) throw error;
    throw new WireError('W0041', 400, `The chaos settings are refused (${error.code}): ${bareMessage(error)}`, {
      type: 'invalid_request_error',
      param: 'chaos',
      retry: false,
    });
  }
}
