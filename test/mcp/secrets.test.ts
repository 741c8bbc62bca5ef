import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../src/services/app/App.js';
import { createFakeServer, type FakeServer } from '../../src/server.js';
import { createTestApp, type TestApp } from '../../src/testing.js';
import { serveHttp, type HttpMcp } from './fixtures/httpServer.js';
import { echoes } from './fixtures/tickets.js';
import { models, stdioTickets } from './support.js';

// Servers that echo back what they were given: the authorization header over HTTP, SECRET_ENV over stdio. Neither
// value (nor the token inside the header) reaches a run, the model, the transcript or a cassette.

const TOKEN = 'sk-echo-header-5521';
const ENV_SECRET = 'env-secret-value-8842';

const apps: TestApp[] = [];
const closing: (HttpMcp | FakeServer)[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.dispose()));
  await Promise.all(closing.splice(0).map((server) => server.close()));
});

/** An app with the echoes server over HTTP as `web` and over stdio as `local`, on `extra`'s models and providers. */
async function echoApp(extra: Record<string, unknown> = { models }): Promise<TestApp> {
  const http = await serveHttp(echoes);
  closing.push(http);
  const { server: local } = stdioTickets('echoes', { env: { SECRET_ENV: ENV_SECRET } });
  const web = { url: http.url, headers: { authorization: `Bearer ${TOKEN}` } };
  const app = createTestApp({ ...extra, mcp: { servers: { web, local: { ...local, connectTimeoutMs: 60_000 } } } });
  apps.push(app);
  return app;
}

const calls = ['web_echo', 'web_echoDeep', 'web_echoFail', 'local_echo', 'local_echoDeep', 'local_echoFail'].map(
  (tool) => ({ tool, with: {} }),
);

async function run(app: TestApp) {
  const tools = {
    ...(await app.mcpTools('web', { prefix: 'web_' })),
    ...(await app.mcpTools('local', { prefix: 'local_' })),
  };
  return app.run({ model: 'writer', tools }, 'What were you given?');
}

function expectNoSecret(text: string): void {
  expect(text).not.toContain(TOKEN);
  expect(text).not.toContain(ENV_SECRET);
}

describe(App, () => {
  describe('.run with MCP tools that echo their secrets', () => {
    it('masks them in the results, in what the model is sent and in the transcript', async () => {
      const app = await echoApp();
      const writer = app.fake('writer', [{ calls }, { text: 'done' }]);
      const done = await run(app);
      const results = done.steps[0]!.results;
      expect(results.map((result) => result.output ?? result.error)).toEqual([
        'env=- auth=***',
        { seen: { given: ['env=- auth=***'] }, '-': 'a key' },
        'refused: env=- auth=***',
        'env=*** auth=-',
        { seen: { given: ['env=*** auth=-'] }, '***': 'a key' },
        'refused: env=*** auth=-',
      ]);
      expectNoSecret(JSON.stringify(done.steps));
      expectNoSecret(JSON.stringify(writer.sent));
      expectNoSecret(app.transcript());
    }, 120_000);

    it("masks them in the listing's descriptions and schemas", async () => {
      const app = await echoApp();
      const tools = await app.mcpTools('local');
      expect(tools.echo!.description).toBe('Echoes what it was given (***).');
      const writer = app.fake('writer', [{ text: 'done' }]);
      await app.run({ model: 'writer', tools }, 'Hello?');
      expectNoSecret(JSON.stringify(writer.sent));
      expect(JSON.stringify(writer.sent)).toContain('A note, say ***');
    }, 120_000);

    it('masks them in a cassette recorded with tools: true', async () => {
      const path = join(mkdtempSync(join(tmpdir(), 'standin-echo-')), 'echo.json');
      const model = await createFakeServer({ scripts: { models: { 'gpt-4.1-mini': [{ calls }, { text: 'done' }] } } });
      closing.push(model);
      const app = await echoApp({
        models: { writer: { provider: 'openai', model: 'gpt-4.1-mini' } },
        providers: { openai: { baseURL: `${model.url}/v1`, apiKey: 'sk-echo-0123456789abcdef' } },
      });
      const cassette = app.cassette(path, { mode: 'record', tools: true });
      const done = await run(app);
      await cassette.save();
      expect(done.steps[0]!.results).toHaveLength(6);
      const tape = readFileSync(path, 'utf8');
      expect(tape).toContain('auth=***');
      expect(tape).toContain('env=***');
      expectNoSecret(tape);
    }, 120_000);
  });
});
