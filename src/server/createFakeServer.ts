import { randomBytes } from 'node:crypto';
import { StandinError } from '../errors/StandinError.js';
import { describeIssues } from '../validation/describeIssues.js';
import { FakeServer } from './FakeServer.js';
import { settingsSchema, type FakeServerSettings } from './FakeServerSettings.js';
import { WireListener } from './WireListener.js';

/** The environment variable a control token may be given in. */
export const TOKEN_VARIABLE = 'STANDIN_TOKEN';

/**
 * Starts a wire server: scripted fakes served over the providers' own HTTP protocols, for the
 * official SDK clients and for clients in any language. It listens on 127.0.0.1 (another host
 * only when asked) on a free port unless one is named, and speaks HTTP/1.1 and HTTP/2 in clear
 * text (prior knowledge, as the AWS SDK's default handler sends it) on that one port.
 *
 * @throws {StandinError} `W0010` for malformed settings; `W0008` for malformed scripts; with `record`, the config's codes
 * for a config `createApp` refuses and `V0001`/`V0002` for a cassette file or mode it cannot take.
 * @example
 * ```ts
 * import { createFakeServer } from 'standin/server';
 *
 * const server = await createFakeServer({ scripts: { models: { 'gpt-4.1-mini': [{ text: 'Hello!' }] } } });
 * const openai = new OpenAI({ baseURL: `${server.url}/v1`, apiKey: 'scope:test-1' });
 * ```
 */
export async function createFakeServer(settings: FakeServerSettings = {}): Promise<FakeServer> {
  let parsed: ReturnType<typeof settingsSchema.safeParse>;
  let lines: string[] = [];
  try {
    parsed = settingsSchema.safeParse(settings);
    if (!parsed.success) lines = malformed(settings, parsed.error.issues);
  } catch (error) {
    if (error instanceof StandinError) throw error;
    throw new StandinError(
      'W0010',
      `createFakeServer settings threw when read (${error instanceof Error ? error.message : String(error)}). ` +
        `Pass a plain object, not getters or proxies that can fail.`,
      { cause: error },
    );
  }
  if (!parsed.success) throw new StandinError('W0010', `createFakeServer settings are malformed:\n${lines.join('\n')}`);
  recordCombination(parsed.data);
  // Read once, from what was checked: a getter is not asked twice.
  const { host = '127.0.0.1', port = 0 } = parsed.data;
  const token = parsed.data.token ?? process.env[TOKEN_VARIABLE] ?? randomBytes(24).toString('base64url');
  const listener = await WireListener.listen(host, port);
  const { address, port: bound } = listener.address;
  const url = `http://${address.includes(':') ? `[${address}]` : address}:${bound}`;
  try {
    return new FakeServer(listener, url, token, settings);
  } catch (error) {
    // Scripts that fail to load leave no server listening behind.
    void listener.close();
    throw error;
  }
}

/** Each problem of malformed settings, one line each, with what is expected there. */
function malformed(settings: FakeServerSettings, issues: Parameters<typeof describeIssues>[2]): string[] {
  return describeIssues('settings', settings, issues, {
    keys: { '': Object.keys(settingsSchema.shape) },
    expected: {
      token: 'a string of 16 to 200 characters',
      bodyLimit: 'a whole number of bytes, 1024 or more',
      sentLimit: 'a whole number of requests, 0 or more',
      sentBytes: 'a whole number of bytes, 0 or more',
      writeTimeoutMs: 'a whole number of ms from 1 to 3600000',
      port: 'a port from 0 to 65535',
      host: 'an address such as 127.0.0.1',
      mcpSessions: 'a whole number of sessions from 1 to 100000',
      mcpIdleMs: 'a whole number of ms from 1000 to 86400000',
      record: "a cassette path, or { path, mode?: 'record' | 'record-missing' | 'replay', redact? }",
      config: 'the config object createApp takes: { models, providers, ... }',
    },
  });
}

/** `W0010` for settings a recording server cannot take together: `record` needs `config`, and neither `app` nor `scripts`. */
function recordCombination(settings: { record?: unknown; config?: unknown; app?: unknown; scripts?: unknown }): void {
  const { record, config, app, scripts } = settings;
  let problem: string | undefined;
  if (record === undefined && config !== undefined)
    problem = 'config is given without record: config is the app of a recording server. Add record: <cassette path>.';
  else if (record !== undefined && config === undefined)
    problem = 'record needs config: the providers the requests are recorded from. Add config: { models, providers }.';
  else if (record !== undefined && (app !== undefined || scripts !== undefined))
    problem =
      `record takes no ${app !== undefined ? 'app' : 'scripts'}: a recording server answers from its providers and ` +
      `its cassette. Leave ${app !== undefined ? 'app' : 'scripts'} out, or make a second server for it.`;
  if (problem !== undefined) throw new StandinError('W0010', `createFakeServer settings are malformed: ${problem}`);
}
