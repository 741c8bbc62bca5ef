import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StandinError } from '../errors/StandinError.js';
import { describeIssues } from '../validation/describeIssues.js';
import { FakeServer } from './FakeServer.js';
import { settingsSchema, type FakeServerSettings } from './FakeServerSettings.js';

/** The environment variable a control token may be given in. */
export const TOKEN_VARIABLE = 'STANDIN_TOKEN';

/**
 * Starts a wire server: scripted fakes served over the providers' own HTTP protocols, for the
 * official SDK clients and for clients in any language. It listens on 127.0.0.1 (another host
 * only when asked) on a free port unless one is named.
 *
 * @throws {StandinError} `W0010` for malformed settings; `W0008` for malformed scripts.
 * @example
 * ```ts
 * import { createFakeServer } from 'standin/server';
 *
 * const server = await createFakeServer({ scripts: { models: { 'gpt-4.1-mini': [{ text: 'Hello!' }] } } });
 * const openai = new OpenAI({ baseURL: `${server.url}/v1`, apiKey: 'scope:test-1' });
 * ```
 */
export async function createFakeServer(settings: FakeServerSettings = {}): Promise<FakeServer> {
  const parsed = settingsSchema.safeParse(settings);
  if (!parsed.success) {
    const lines = describeIssues('settings', settings, parsed.error.issues, {
      keys: { '': Object.keys(settingsSchema.shape) },
      expected: {
        token: 'a string of 16 to 200 characters',
        bodyLimit: 'a whole number of bytes, 1024 or more',
        sentLimit: 'a whole number of requests, 0 or more',
        sentBytes: 'a whole number of bytes, 0 or more',
        writeTimeoutMs: 'a whole number of ms from 1 to 3600000',
        port: 'a port from 0 to 65535',
        host: 'an address such as 127.0.0.1',
      },
    });
    throw new StandinError('W0010', `createFakeServer settings are malformed:\n${lines.join('\n')}`);
  }
  const host = settings.host ?? '127.0.0.1';
  const token = settings.token ?? process.env[TOKEN_VARIABLE] ?? randomBytes(24).toString('base64url');
  const server = createServer({ keepAliveTimeout: 5000 });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(settings.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { address, port } = server.address() as AddressInfo;
  const url = `http://${address.includes(':') ? `[${address}]` : address}:${port}`;
  try {
    return new FakeServer(server, url, token, settings);
  } catch (error) {
    // Scripts that fail to load leave no server listening behind.
    server.close();
    throw error;
  }
}
