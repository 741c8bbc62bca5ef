import { parseArgs } from 'node:util';
import { StandinError, bareMessage } from '../errors/StandinError.js';
import type { TestApp } from '../testing/TestApp.js';
import { appModels } from './appModels.js';
import { cassetteApp } from './cassetteApp.js';
import { MAX_CASSETTE_BYTES } from '../fakes/cassettes/readCassette.js';
import { DEFAULT_BODY_LIMIT, readJsonDocument } from './readBody.js';
import { checkRegularFile, readRegularFile } from './regularFile.js';
import { createFakeServer, TOKEN_VARIABLE } from './createFakeServer.js';
import type { FakeServer } from './FakeServer.js';
import { scriptsJsonSchema } from './scriptsJsonSchema.js';
import type { Scripts } from './scriptsSchema.js';
import { chaosArgument } from './chaosArgument.js';
import { paceArgument } from './paceArgument.js';
import type { ChaosSettings } from '../fakes/chaos/chaosSettings.js';
import { recordArguments, recordLines } from './recordArguments.js';
import { loadRedact } from './loadRedact.js';

/** What `standin --help` prints. */
export const HELP = `Usage: standin serve --scripts <file.json> [--cassette <file.json> [--pace <pace>]]
                     [--chaos <settings>] [--port <n>] [--host <address>] [--body-limit <bytes>]
                     [--outlive-parent]
       standin serve --record <cassette.json> --config <config.json> [--mode <mode>] [--timing]
                     [--redact <module>] [--pace <pace>] [--port <n>] ...
       standin cassettes prune|redact|check <cassette.json>...   (standin cassettes --help)
       standin inspect <cassette.json> [-o out.html]

Serves scripted fakes over the providers' own HTTP protocols, HTTP/1.1 and HTTP/2 on one port
(OpenAI chat completions, responses, embeddings, images and audio; Anthropic messages; Gemini and
Vertex AI; Bedrock Converse; Azure OpenAI's deployment and v1 paths; Ollama's /api; Cohere's /v2;
OpenRouter's /api/v1; the TypeSafe /v1/systemone and Decisions /v1/decisions classifier APIs).

  --scripts <file>   JSON: answers per model id in app.fake's format, a classifier script, and
                     scripted MCP servers under "mcp", each served at /mcp/<name>
  --cassette <file>  a cassette (app.cassette) to replay: its recorded calls answer by model id;
                     with --scripts too, the scripted models take the place of the recorded ones
  --record <file>    record to this cassette: each request, in any dialect, is answered by the
                     provider the config names for it (through standin's adapter), kept in the
                     cassette (written after each recorded request) and answered in the client's
                     dialect, streamed as it arrives; a model id the config does not name goes to
                     the dialect's provider (providers.openai, .anthropic, .gemini, .bedrock,
                     .azure-openai, .ollama, .cohere) under that id. Takes no --scripts nor --cassette
  --config <file>    with --record: JSON, the config createApp takes (models, providers); a provider
                     with no apiKey takes its adapter's variable (OPENAI_API_KEY, ANTHROPIC_API_KEY,
                     ...) from this environment: a client's key is never sent on
  --mode <mode>      with --record: record-missing (the default: replay what the cassette holds,
                     record the rest, so a re-run calls no provider for what is recorded), record
                     (call the provider for everything, replacing the file's entries) or replay
                     (the cassette alone; a miss is T0040); STANDIN_CASSETTES overrides it
  --timing           with --record: keep each streamed reply's first-part delay and gaps, for --pace
  --redact <module>  with --record: a module whose redact function (its default export, or 'redact')
                     rewrites every string before it is written or matched, as app.cassette's redact
  --pace <pace>      how the cassette's replies stream (--cassette, --record): instant (the default);
                     recorded, at the pace recorded with timing (--timing, app.cassette's timing:
                     true); recorded=<factor>, each recorded wait times the factor (above 0, at most
                     100: recorded=0.5 is twice as fast)
  --chaos <settings> seeded chaos over every model: seed=<n>,<kind>=<rate>,... (a rate from 0 to 1:
                     rate_limit=0.1,invalid_json=0.05); POST /__standin/chaos lays it later
  --port <n>         the port (default: a free one)
  --host <address>   the address (default: 127.0.0.1)
  --body-limit <n>   the largest request body read, in bytes (default: 26214400, 25 MiB); a larger one is
                     answered 413 (W0001)
  --outlive-parent   keep serving when the process that started it exits (a CI step that starts it
                     in the background and goes on); stop it with kill <pid> (it prints its pid)
  --print-schema     print the scripts file's JSON Schema and exit
  --help             this text

The control token is printed at start; set ${TOKEN_VARIABLE} to choose it. The inspector page is at
/__standin/ui?token=<token>. standin inspect writes the same view of a cassette as one HTML file.

Example scripts.json:
  {
    "models": {
      "gpt-4.1-mini": [
        { "calls": [{ "tool": "getWeather", "with": { "city": "Paris" } }] },
        { "text": "It is sunny in Paris." }
      ],
      "text-embedding-3-small": { "embed": { "dimensions": 8 } }
    },
    "classifier": [{ "answers": { "team": "billing" } }]
  }

  $ standin serve --scripts scripts.json --port 8787
  $ curl http://127.0.0.1:8787/v1/chat/completions -H 'x-standin-scope: test-1' \\
      -d '{"model":"gpt-4.1-mini","messages":[{"role":"user","content":"Hi"}]}'
`;

/** The flag that keeps `standin serve` serving after the process that started it exits. */
export const OUTLIVE_PARENT = '--outlive-parent';

/** The largest scripts file `serve` reads: as large as a scripts document the control API takes. */
export const MAX_SCRIPTS_BYTES = DEFAULT_BODY_LIMIT;

/** Where the command writes. */
export interface CommandOutput {
  out(line: string): void;
  err(line: string): void;
}

/**
 * Runs `standin <args>`; `--help` and `serve --print-schema` print and answer 0, a bad argument or scripts file prints
 * the fix and answers 2.
 */
export async function serveCommand(args: readonly string[], output: CommandOutput): Promise<FakeServer | number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...args],
      allowPositionals: true,
      options: {
        scripts: { type: 'string' },
        cassette: { type: 'string' },
        port: { type: 'string' },
        host: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
        'print-schema': { type: 'boolean' },
        chaos: { type: 'string', multiple: true },
        'outlive-parent': { type: 'boolean' },
        'body-limit': { type: 'string' },
        record: { type: 'string' },
        config: { type: 'string' },
        mode: { type: 'string' },
        timing: { type: 'boolean' },
        redact: { type: 'string' },
        pace: { type: 'string' },
      },
    });
  } catch (error) {
    // node:util's message goes on to advise about positionals starting with '-': only its first sentence is ours to show.
    const said = (error as Error).message.split(/(?<=\.) /)[0]!.replace(/\.$/, '');
    output.err(`W0009: ${said}. Run standin --help for the arguments.`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help === true) {
    output.out(HELP);
    return 0;
  }
  if (positionals.length !== 1 || positionals[0] !== 'serve') {
    output.err(
      `W0009: standin takes one command, serve, inspect or cassettes; got ${positionals.length === 0 ? 'none' : positionals.join(' ')}. ` +
        `Run standin serve --scripts scripts.json (standin --help shows an example).`,
    );
    return 2;
  }
  if (values['print-schema'] === true) {
    output.out(JSON.stringify(scriptsJsonSchema(), null, 2));
    return 0;
  }
  let recording = recordArguments(values);
  if (typeof recording === 'string') {
    output.err(recording);
    return 2;
  }
  if (recording !== undefined && values.redact !== undefined) {
    try {
      recording = { ...recording, record: { ...recording.record, redact: await loadRedact(values.redact) } };
    } catch (error) {
      output.err(`W0009: ${bareMessage(error)}`);
      return 2;
    }
  }
  if (values.scripts === undefined && values.cassette === undefined && recording === undefined) {
    output.err(
      'W0009: serve needs --scripts <file.json> (the answers per model id), --cassette <file.json> (recordings to ' +
        'replay) or --record <file.json> --config <config.json> (record from providers). standin --help shows an ' +
        'example file.',
    );
    return 2;
  }
  const port = values.port === undefined ? 0 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    output.err(`W0009: --port must be a whole number from 0 to 65535; got '${values.port}'.`);
    return 2;
  }
  const bodyLimit = values['body-limit'] === undefined ? undefined : Number(values['body-limit']);
  if (bodyLimit !== undefined && (!Number.isSafeInteger(bodyLimit) || bodyLimit < 1024)) {
    output.err(`W0009: --body-limit must be a whole number of bytes, 1024 or more; got '${values['body-limit']}'.`);
    return 2;
  }
  let chaos: ChaosSettings | undefined;
  try {
    if (values.chaos !== undefined) chaos = chaosArgument(values.chaos);
  } catch (error) {
    if (!(error instanceof StandinError)) throw error;
    output.err(`${error.code}: ${bareMessage(error)}`);
    return 2;
  }
  let scripts: Scripts | undefined;
  try {
    if (values.scripts !== undefined)
      scripts = readJsonDocument(readRegularFile(values.scripts, MAX_SCRIPTS_BYTES, 'scripts file')) as Scripts;
  } catch (error) {
    if (error instanceof StandinError && (error.code === 'W0020' || error.code === 'W0021')) {
      output.err(`${error.code}: ${error.code === 'W0021' ? `${values.scripts}: ` : ''}${bareMessage(error)}`);
      return 2;
    }
    const why = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'there is no such file' : bareMessage(error);
    output.err(
      `W0008: ${values.scripts}: cannot read the scripts: ${why}. Give a JSON file such as {"models": ` +
        `{"gpt-4.1-mini": [{"text": "Hello!"}]}}.`,
    );
    return 2;
  }
  if (values.pace !== undefined && values.cassette === undefined && recording === undefined) {
    output.err('W0009: --pace paces the replies of a cassette: give --cassette <file.json> (or --record) too.');
    return 2;
  }
  let app: TestApp | undefined;
  let pace: ReturnType<typeof paceArgument> | undefined;
  try {
    pace = values.pace === undefined ? undefined : paceArgument(values.pace);
    if (values.cassette !== undefined) {
      checkRegularFile(values.cassette, MAX_CASSETTE_BYTES, 'cassette');
      app = cassetteApp(values.cassette, pace);
    }
  } catch (error) {
    if (!(error instanceof StandinError)) throw error;
    const where = error.code === 'W0020' || error.code === 'W0009' ? '' : `${values.cassette}: `;
    output.err(`${error.code}: ${where}${bareMessage(error)}`);
    return 2;
  }
  try {
    const server = await createFakeServer({
      scripts,
      app,
      port,
      chaos,
      ...(recording === undefined
        ? {}
        : { ...recording, record: { ...recording.record, ...(pace === undefined ? {} : { pace }) } }),
      ...(bodyLimit === undefined ? {} : { bodyLimit }),
      ...(values.host === undefined ? {} : { host: values.host }),
    });
    if (app !== undefined) output.out(`replaying ${values.cassette}: models ${appModels(app).join(', ') || 'none'}`);
    const records = server.recordsTo;
    if (records !== undefined && recording !== undefined)
      for (const line of recordLines(records.path, records.mode, recording.config)) output.out(line);
    output.out(`standin wire server listening at ${server.url}`);
    const mcp = Object.keys((scripts as { mcp?: object } | undefined)?.mcp ?? {});
    if (mcp.length > 0) output.out(`MCP servers: ${mcp.map((name) => `${server.url}/mcp/${name}`).join(' · ')}`);
    if (values['outlive-parent'] === true)
      output.out(`outlives the process that started it: stop it with kill ${process.pid}`);
    output.out(`control token: ${server.token}`);
    output.out(
      `OpenAI clients: baseURL ${server.url}/v1 · Anthropic client: baseURL ${server.url} · scope: header ` +
        `x-standin-scope or API key scope:<id>`,
    );
    return server;
  } catch (error) {
    if (error instanceof StandinError) {
      // A recording server's cassette codes are V-codes; any other of its codes is the config's.
      const source =
        recording === undefined
          ? (values.scripts ?? values.cassette)
          : error.code.startsWith('V')
            ? values.record
            : values.config;
      output.err(`${error.code}: ${source}: ${bareMessage(error)}`);
      return 2;
    }
    output.err(`standin could not start: ${(error as Error).message}`);
    return 1;
  }
}
