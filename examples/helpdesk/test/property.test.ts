import fc from 'fast-check';
import { arbitraryScript } from 'standin/arbitraries';
import { createTestApp } from 'standin/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoConfig } from '../src/services.js';
import { writer } from '../src/tickets/writer.js';
import { closeAll, postTicket, serve, type Served } from './support/serve.js';

const opened: Served[] = [];
const app = createTestApp(demoConfig);
let url = '';

beforeAll(async () => {
  url = (await serve({ app: () => app }, opened)).url;
});
afterAll(() => closeAll(opened));

/** What POST /tickets may answer: the ticket, or a gateway error the README documents. */
const documented = [201, 502, 503, 504];

describe('POST /tickets, whatever the writer answers', () => {
  it('answers 201 or a documented gateway error, never crashes, and keeps the ticket', async () => {
    const scripts = fc.tuple(
      arbitraryScript(app, 'writer', { agent: writer }),
      arbitraryScript(app, 'backup', { agent: writer, maxAnswers: 2 }),
    );
    await fc.assert(
      fc.asyncProperty(scripts, async ([writerScript, backupScript]) => {
        await app.reset();
        app.fakeClassifier();
        app.fake('writer', writerScript);
        app.fake('backup', backupScript);
        const response = await postTicket(url, { message: 'My card was charged twice.' });
        const text = await response.text();
        expect(documented, text).toContain(response.status);
        expect(text).not.toMatch(/\n\s+at |\.ts:\d+/);
        const body = JSON.parse(text) as { id?: unknown; ticket?: unknown };
        const id = response.status === 201 ? body.id : body.ticket;
        expect(id, text).toEqual(expect.stringMatching(/^[0-9a-f-]{36}$/));
        const stream = await fetch(`${url}/tickets/${String(id)}/stream`);
        expect(stream.status).toBe(200);
        await stream.text();
      }),
      { seed: 20261201, numRuns: 30 },
    );
  }, 60_000);
});
