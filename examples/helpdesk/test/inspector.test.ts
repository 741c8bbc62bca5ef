import { inflateSync } from 'node:zlib';
import OpenAI from 'openai';
import type { Browser } from 'playwright-core';
import { createFakeServer, type FakeServer } from 'standin/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser.js';

let browser: Browser;
let server: FakeServer;

beforeAll(async () => {
  ({ browser } = await launchBrowser());
  server = await createFakeServer();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** A PNG's width, height, and how many different byte values its pixel rows hold (few for a blank image). */
function readPng(png: Buffer): { width: number; height: number; distinct: number } {
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const data: Buffer[] = [];
  let width = 0;
  let height = 0;
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    const body = png.subarray(at + 8, at + 8 + length);
    if (type === 'IHDR') [width, height] = [body.readUInt32BE(0), body.readUInt32BE(4)];
    if (type === 'IDAT') data.push(body);
    at += 12 + length;
  }
  return { width, height, distinct: new Set(inflateSync(Buffer.concat(data))).size };
}

describe('the inspector page', () => {
  it(
    "shows a scope's conversation step by step while it runs, with no console error, and screenshots to a non-blank PNG",
    { timeout: 120_000 },
    async () => {
      server.fake('gpt-4.1-mini', [
        { calls: [{ tool: 'findInGuide', with: { words: 'card charged twice refund' } }] },
        { text: 'A double charge is refunded in full within five working days.' },
      ]);
      const page = await browser.newPage({ viewport: { width: 1000, height: 700 } });
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      await page.goto(`${server.url}/__standin/ui?token=${server.token}`);
      expect(page.url()).toBe(`${server.url}/__standin/ui`);
      // Before any request: the default script's answers wait, and verify says so.
      await page.getByText('gpt-4.1-mini: answers[0]', { exact: false }).first().waitFor({ timeout: 30_000 });

      const client = new OpenAI({
        baseURL: `${server.url}/v1`,
        apiKey: 'sk-never-shown',
        defaultHeaders: { 'x-standin-scope': 'ticket-7' },
      });
      const messages: OpenAI.ChatCompletionMessageParam[] = [
        { role: 'user', content: 'My card was charged twice for order 7.' },
      ];
      const tools = [{ type: 'function' as const, function: { name: 'findInGuide', parameters: { type: 'object' } } }];
      const first = await client.chat.completions.create({ model: 'gpt-4.1-mini', messages, tools });
      const call = first.choices[0]!.message.tool_calls![0]!;
      messages.push(first.choices[0]!.message, { role: 'tool', tool_call_id: call.id, content: 'page 3' });
      await client.chat.completions.create({ model: 'gpt-4.1-mini', messages, tools });

      const steps = page.locator('article.step');
      await expect
        .poll(() => page.locator('nav button').allTextContents(), { timeout: 30_000 })
        .toContainEqual('ticket-72'); // the scope, then its count of steps
      await page.locator('nav button', { hasText: 'ticket-7' }).click();
      await expect.poll(() => steps.count(), { timeout: 30_000 }).toBe(2);
      expect(await steps.nth(0).textContent()).toContain('call findInGuide {"words":"card charged twice refund"}');
      expect(await steps.nth(1).textContent()).toContain(
        'A double charge is refunded in full within five working days.',
      );
      expect(await page.locator('main').textContent()).toContain('passes');
      expect(await page.content()).not.toContain('sk-never-shown');
      expect(await page.content()).not.toContain(server.token);

      const png = await page.screenshot({ fullPage: true });
      const { width, height, distinct } = readPng(png);
      expect(width).toBe(1000);
      expect(height).toBeGreaterThanOrEqual(700);
      expect(height).toBeLessThan(5000);
      expect(png.length).toBeGreaterThan(10_000);
      expect(png.length).toBeLessThan(5_000_000);
      expect(distinct).toBeGreaterThan(20);
      expect(errors).toEqual([]);
      await page.close();
    },
  );
});
