import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createApp, tool } from '../../../../src/index.js';

/** The function call id the model gives; a result for it must carry it back. */
const CALL_ID = 'fc_7e3b';

let server: Server;
let url: string;
const bodies: Record<string, unknown>[] = [];

/**
 * A Gemini that matches function results to its calls by id, as Gemini's reference lets a server do: until a
 * request carries a `functionResponse` for its call's id, it asks for the call again.
 */
beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        contents: { parts: { functionResponse?: { id?: string } }[] }[];
      };
      bodies.push(body);
      const answered = body.contents.some((content) =>
        content.parts.some((part) => part.functionResponse?.id === CALL_ID),
      );
      const part = answered
        ? { text: 'It is sunny in Paris.' }
        : { functionCall: { id: CALL_ID, name: 'weather', args: { city: 'Paris' } }, thoughtSignature: 'c2ln' };
      const chunk = { candidates: [{ content: { role: 'model', parts: [part] }, finishReason: 'STOP', index: 0 }] };
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.end(`data: ${JSON.stringify(chunk)}\r\n\r\n`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('GeminiProvider', () => {
  describe('.reply', () => {
    it("sends a call's id back in its functionCall and in the functionResponse, so a run ends", async () => {
      const app = createApp({
        models: { writer: { provider: 'gemini', model: 'gemini-test' } },
        providers: { gemini: { baseURL: `${url}/v1beta`, apiKey: 'gemini-key' } },
      });
      const weather = tool({
        description: 'The weather in a city.',
        input: z.object({ city: z.string() }),
        run: ({ city }) => ({ city, sky: 'sunny' }),
      });
      const run = await app.run({ model: 'writer', tools: { weather }, maxSteps: 4 }, 'Weather in Paris?');
      expect(run.text).toBe('It is sunny in Paris.');
      expect(bodies).toHaveLength(2);
      const [, model, results] = (bodies[1] as { contents: { parts: Record<string, { id?: string }>[] }[] }).contents;
      expect(model!.parts[0]!.functionCall!.id).toBe(CALL_ID);
      expect(results!.parts[0]!.functionResponse!.id).toBe(CALL_ID);
    });
  });
});
