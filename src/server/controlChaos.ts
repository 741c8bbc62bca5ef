import type { IncomingMessage, ServerResponse } from 'node:http';
import { StandinError, bareMessage } from '../errors/StandinError.js';
import type { ChaosSettings } from '../fakes/chaos/chaosSettings.js';
import { readBody, readJsonDocument } from './readBody.js';
import { sendJson } from './respond.js';
import type { WireChaos } from './WireChaos.js';
import { WireError } from './WireError.js';

/**
 * The chaos routes: `POST` lays chaos (`W0041` for a bad body), `DELETE` takes it off, `GET` answers it and what it
 * disturbed.
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
