import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { exampleScripts } from '../src/demo/exampleScripts.js';
import { helpdeskServices } from '../src/services.js';
import { launchBrowser } from './support/browser.js';
import { closeAll, serve, type Served } from './support/serve.js';

let browser: Browser;
const opened: Served[] = [];
const pages: Page[] = [];

beforeAll(async () => {
  // The first browser this machine offers (see support/browser.ts); none fails the file in one line.
  ({ browser } = await launchBrowser());
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

afterEach(async () => {
  while (pages.length > 0) await pages.pop()!.close();
  await closeAll(opened);
});

/** The demo (`npm start`'s services) in a fresh page, with the page's script errors collected. */
async function openDemo(): Promise<{ page: Page; errors: string[] }> {
  const { url } = await serve(helpdeskServices({}).settings, opened);
  const page = await browser.newPage();
  pages.push(page);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${url}/`);
  return { page, errors };
}

describe('the help desk page', () => {
  it(
    'sends an example ticket, shows its classification, then the streamed answer: the typed value growing in pieces, the faked note whole',
    { timeout: 120_000 },
    async () => {
      const { page, errors } = await openDemo();
      const script = exampleScripts['charged-twice']!;
      // Every text the typed answer's box shows, as it changes.
      await page.evaluate(() => {
        const value = document.getElementById('value')!;
        const seen: string[] = [];
        (window as unknown as { seen: string[] }).seen = seen;
        new MutationObserver(() => seen.push(value.textContent ?? '')).observe(value, {
          childList: true,
          subtree: true,
          characterData: true,
        });
      });

      await page.getByRole('button', { name: 'Charged twice' }).click();

      await page.locator('#classification:not([hidden])').waitFor({ timeout: 60_000 });
      expect(await page.locator('#team').textContent()).toBe('billing');
      expect(await page.locator('#frustration').textContent()).toBe('angry (2)');
      expect(await page.locator('#refund').textContent()).toBe('yes');
      expect(await page.locator('#team-bars').textContent()).toContain('93%');

      await page.locator('#answer:not([hidden])').waitFor({ timeout: 60_000 });
      expect(await page.locator('#answer-text').textContent()).toBe(script.answer.answer);
      expect(await page.locator('#answer-pages').textContent()).toBe('From the guide: page 3 (Charges and refunds).');

      const pieces = Number(await page.locator('#value').getAttribute('data-pieces'));
      expect(pieces).toBeGreaterThan(1);
      expect(await page.locator('#value .piece').count()).toBe(pieces);
      const json = (await page.locator('#value').textContent())!;
      expect(JSON.parse(json)).toEqual(script.answer);
      const seen = await page.evaluate(() => (window as unknown as { seen: string[] }).seen);
      const growing = seen.filter((text) => text.length > 0 && text.length < json.length);
      expect(growing.length).toBeGreaterThan(0);
      for (const text of growing) expect(json.startsWith(text)).toBe(true);

      const note = page.locator('#steps li[data-step="0"]');
      expect(await note.locator('.note').textContent()).toBe(script.lookUp.text);
      expect(await note.getAttribute('data-parts')).toBe('1');
      expect(await note.locator('.activity').textContent()).toContain('with findInGuide');
      expect(await page.locator('#status').textContent()).toBe('Answered.');
      expect(errors).toEqual([]);
    },
  );

  it(
    'answers a ticket of one’s own, and shows the help desk’s message for a bad one',
    { timeout: 120_000 },
    async () => {
      const { page, errors } = await openDemo();
      await page.locator('#message').fill('   ');
      await page.getByRole('button', { name: 'Send ticket' }).click();
      await page.locator('#error:not([hidden])').waitFor({ timeout: 60_000 });
      expect(await page.locator('#error').textContent()).toBe('message is empty: write what the customer asked.');

      await page.locator('#message').fill('Where can I download an invoice as a PDF?');
      await page.getByRole('button', { name: 'Send ticket' }).click();
      await page.locator('#answer:not([hidden])').waitFor({ timeout: 60_000 });
      expect(await page.locator('#error').isHidden()).toBe(true);
      expect(await page.locator('#team').textContent()).toBe('billing');
      expect(await page.locator('#answer-text').textContent()).toContain('Invoices are under Billing, then History.');
      expect(errors).toEqual([]);
    },
  );
});
