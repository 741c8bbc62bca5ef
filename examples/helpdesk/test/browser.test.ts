import { accessSync, constants } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { browserHelp, findBrowsers } from './support/browser.js';

const saved = process.env['STANDIN_BROWSER'];

afterEach(() => {
  if (saved === undefined) delete process.env['STANDIN_BROWSER'];
  else process.env['STANDIN_BROWSER'] = saved;
});

describe(findBrowsers, () => {
  it('takes the executable STANDIN_BROWSER names, and nothing else', async () => {
    process.env['STANDIN_BROWSER'] = process.execPath;
    expect(await findBrowsers()).toEqual([{ source: 'env', executablePath: process.execPath }]);
  });

  it('fails in one line that says how to get a browser when STANDIN_BROWSER names no executable', async () => {
    process.env['STANDIN_BROWSER'] = '/no/such/chrome';
    const error = (await findBrowsers().catch((e: unknown) => e)) as Error;
    expect(error).toBeInstanceOf(Error);
    expect(error.message).not.toContain('\n');
    expect(error.message).toContain('"/no/such/chrome"');
    expect(error.message).toContain(browserHelp);
  });

  it(
    'unpacks the Chromium npm ci installed into an executable, with its own libraries and fonts, when asked for that source alone (Linux x64; none elsewhere)',
    { timeout: 120_000 },
    async () => {
      process.env['STANDIN_BROWSER'] = 'npm';
      const all = await findBrowsers();
      if (process.platform !== 'linux' || process.arch !== 'x64') {
        expect(all).toEqual([]);
        return;
      }
      const [found, ...rest] = all;
      expect(rest).toEqual([]);
      expect(found?.source).toBe('npm');
      expect(() => accessSync(found!.executablePath, constants.X_OK)).not.toThrow();
      expect(found?.env?.['LD_LIBRARY_PATH']).toMatch(/standin-chromium\/[\d.]+\/libs\/lib/);
      expect(found?.env?.['FONTCONFIG_PATH']).toMatch(/standin-chromium\/[\d.]+\/fonts$/);
    },
  );
});
