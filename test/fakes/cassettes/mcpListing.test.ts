import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CassetteMcp } from '../../../src/fakes/cassettes/CassetteMcp.js';
import { redactCassette } from '../../../src/fakes/cassettes/redactCassette.js';
import { createTestApp } from '../../../src/testing.js';
import { serveHttp, type HttpMcp } from '../../mcp/fixtures/httpServer.js';
import { tickets } from '../../mcp/fixtures/tickets.js';
import { useFolder } from './support.js';

const folder = useFolder();
let http: HttpMcp;
beforeAll(async () => {
  http = await serveHttp(tickets);
});
afterAll(() => http.close());

const appWith = (url: string) =>
  createTestApp({
    models: { writer: { provider: 'anthropic', model: 'claude-sonnet-4-5' } },
    mcp: { servers: { tickets: { url } } },
  });
const empty = (path: string) => writeFileSync(path, '{"standin":"cassette","version":1,"entries":[]}\n');

describe(CassetteMcp, () => {
  describe('.listTools', () => {
    it("keeps the server's listing in the file when recording", async () => {
      const path = join(folder(), 'listing.json');
      const app = appWith(http.url);
      const cassette = app.cassette(path, { mode: 'record', tools: true });
      const names = Object.keys(await app.mcpTools('tickets', { tools: ['find', 'ticket'] }));
      await cassette.save();
      await app.dispose();
      const file = JSON.parse(readFileSync(path, 'utf8')) as { mcp: { tickets: { tools: { name: string }[] } } };
      expect(names).toEqual(['find', 'ticket']);
      expect(file.mcp.tickets.tools.map((listed) => listed.name)).toEqual(expect.arrayContaining(['find', 'ticket']));
    });

    it('lists from the file in replay, with no server to reach', async () => {
      const path = join(folder(), 'listing.json');
      const recording = appWith(http.url);
      const cassette = recording.cassette(path, { mode: 'record', tools: true });
      await recording.mcpTools('tickets');
      await cassette.save();
      await recording.dispose();
      const replaying = appWith('http://127.0.0.1:9/mcp');
      replaying.cassette(path, { tools: true });
      const tools = await replaying.mcpTools('tickets', { tools: ['find'] });
      expect(tools.find?.description).toBe('Finds the tickets that mention the words.');
      await replaying.dispose();
    });

    it('fails with V0023 in replay when the file holds no listing of the server', async () => {
      const path = join(folder(), 'none.json');
      empty(path);
      const app = appWith(http.url);
      app.cassette(path, { tools: true });
      await expect(app.mcpTools('tickets')).rejects.toMatchObject({
        code: 'V0023',
        message: expect.stringContaining("'record-missing' to add the listing"),
      });
      await app.dispose();
    });

    it('adds a missing listing in record-missing and keeps the entries', async () => {
      const path = join(folder(), 'missing.json');
      empty(path);
      const app = appWith(http.url);
      const cassette = app.cassette(path, { mode: 'record-missing', tools: true });
      await app.mcpTools('tickets');
      await cassette.save();
      await app.dispose();
      expect(JSON.parse(readFileSync(path, 'utf8'))).toMatchObject({
        entries: [],
        mcp: { tickets: { tools: expect.any(Array) } },
      });
    });

    it('is kept by standin cassettes redact', async () => {
      const path = join(folder(), 'redact.json');
      const app = appWith(http.url);
      const cassette = app.cassette(path, { mode: 'record', tools: true });
      await app.mcpTools('tickets');
      await cassette.save();
      await app.dispose();
      const text = readFileSync(path, 'utf8');
      const { text: redacted, changed } = redactCassette(text, path, (value) => value.replaceAll('Ticket', '[t]'));
      expect(changed).toBe(0);
      const forced = JSON.parse(text) as { entries: unknown[] };
      forced.entries.push({
        model: 'writer',
        call: 'reply',
        request: { messages: [{ role: 'user', content: 'Ticket 7' }] },
        answer: { text: 'Ticket' },
      });
      const again = redactCassette(JSON.stringify(forced), path, (value) => value.replaceAll('Ticket', '[t]'));
      expect({ same: redacted === text, mcp: Object.keys(JSON.parse(again.text).mcp) }).toEqual({
        same: true,
        mcp: ['tickets'],
      });
    });

    it('leaves the listing alone without tools: true', async () => {
      const path = join(folder(), 'plain.json');
      empty(path);
      const app = appWith(http.url);
      app.cassette(path, { tools: false });
      expect(Object.keys(await app.mcpTools('tickets', { tools: ['find'] }))).toEqual(['find']);
      await app.dispose();
    });
  });
});
