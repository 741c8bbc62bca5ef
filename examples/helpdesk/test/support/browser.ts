import { spawn } from 'node:child_process';
import {
  accessSync,
  constants,
  createReadStream,
  createWriteStream,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { delimiter, dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { createBrotliDecompress } from 'node:zlib';
import { chromium, type Browser, type LaunchOptions } from 'playwright-core';

/**
 * Where a browser comes from, tried in this order: the `STANDIN_BROWSER` path, Playwright's own
 * download, a Chrome/Chromium on the machine, then the Chromium inside `@sparticuz/chromium` (a
 * dev dependency, so `npm ci` alone brings it on Linux x64).
 */
export type BrowserSource = 'env' | 'playwright' | 'system' | 'npm';

/** A browser found on this machine, ready for `chromium.launch`. */
export interface FoundBrowser {
  readonly source: BrowserSource;
  readonly executablePath: string;
  readonly env?: Record<string, string>;
}

/** How to get a browser: the line every failure ends with. */
export const browserHelp =
  'set STANDIN_BROWSER to a Chrome/Chromium executable, or run `npx playwright-core install chromium`';

/** `STANDIN_BROWSER` is a path, or one source's name to use that source alone (`npm` proves the shipped one works). */
const sourceNames: readonly BrowserSource[] = ['playwright', 'system', 'npm'];

const systemNames = ['google-chrome-stable', 'google-chrome', 'chromium', 'chromium-browser', 'chrome'];
const macPaths = [
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
];

const isExecutable = (path: string): boolean => {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

function fromPlaywright(): FoundBrowser | undefined {
  let path: string;
  try {
    path = chromium.executablePath();
  } catch {
    return undefined; // a platform Playwright has no build for
  }
  return isExecutable(path) ? { source: 'playwright', executablePath: path } : undefined;
}

function fromSystem(): FoundBrowser | undefined {
  const dirs = (process.env['PATH'] ?? '').split(delimiter).filter((dir) => dir !== '');
  for (const name of systemNames) {
    for (const dir of dirs) {
      const path = join(dir, name);
      if (isExecutable(path)) return { source: 'system', executablePath: path };
    }
  }
  const mac = process.platform === 'darwin' ? macPaths.find(isExecutable) : undefined;
  return mac === undefined ? undefined : { source: 'system', executablePath: mac };
}

/** Decompresses one `.br` file to `to`, or untars a `.tar.br` into the folder `to`. */
async function inflate(from: string, to: string): Promise<void> {
  if (!from.endsWith('.tar.br')) {
    await pipeline(createReadStream(from), createBrotliDecompress(), createWriteStream(to, { mode: 0o755 }));
    return;
  }
  mkdirSync(to, { recursive: true });
  // Unpacked to a file first: tar stops reading at the archive's end marker, before the padding.
  const archive = `${to}.tar`;
  await pipeline(createReadStream(from), createBrotliDecompress(), createWriteStream(archive));
  const tar = spawn('tar', ['-x', '-f', archive, '-C', to], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  tar.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + String(chunk)).slice(-500)));
  await new Promise<void>((resolve, reject) => {
    tar.once('error', reject);
    tar.once('close', (status) =>
      status === 0 ? resolve() : reject(new Error(`tar exited with ${status}: ${stderr.trim()}`)),
    );
  });
  rmSync(archive);
}

/** The folder of an installed package (its exports leave out package.json, so walk up from its entry). */
function packageDir(name: string): string | undefined {
  let dir: string;
  try {
    dir = dirname(createRequire(import.meta.url).resolve(name));
  } catch {
    return undefined;
  }
  for (; dir !== dirname(dir); dir = dirname(dir)) {
    const file = join(dir, 'package.json');
    if (existsSync(file) && (JSON.parse(readFileSync(file, 'utf8')) as { name?: string }).name === name) return dir;
  }
  return undefined;
}

/**
 * The Chromium `@sparticuz/chromium` ships, unpacked once into `node_modules/.cache` beside its
 * fonts, its software GL and the shared libraries it links (so a machine without libnss3 runs it
 * too). Unpacked into a private folder and renamed into place, so parallel runs never see half a file.
 */
async function fromNpm(): Promise<FoundBrowser | undefined> {
  if (process.platform !== 'linux' || process.arch !== 'x64') return undefined;
  const pkg = packageDir('@sparticuz/chromium');
  if (pkg === undefined) return undefined;
  const { version } = JSON.parse(readFileSync(join(pkg, 'package.json'), 'utf8')) as { version: string };
  const root = fileURLToPath(new URL('../../../../node_modules/.cache/standin-chromium', import.meta.url));
  const dir = join(root, version);
  if (!existsSync(join(dir, 'chromium'))) {
    const partial = `${dir}.partial-${process.pid}`;
    rmSync(partial, { recursive: true, force: true });
    mkdirSync(partial, { recursive: true });
    const bin = join(pkg, 'bin');
    await Promise.all([
      inflate(join(bin, 'chromium.br'), join(partial, 'chromium')),
      inflate(join(bin, 'swiftshader.tar.br'), partial),
      inflate(join(bin, 'fonts.tar.br'), join(partial, 'fonts')),
      inflate(join(bin, 'al2023.tar.br'), join(partial, 'libs')),
    ]);
    // The shipped fonts.conf names /tmp; this one names where the fonts really are.
    writeFileSync(
      join(partial, 'fonts', 'fonts.conf'),
      `<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig>\n  <dir>${join(dir, 'fonts', 'fonts')}</dir>\n  <cachedir>${join(dir, 'fonts', 'cache')}</cachedir>\n</fontconfig>\n`,
    );
    try {
      renameSync(partial, dir);
    } catch (error) {
      rmSync(partial, { recursive: true, force: true });
      // Another run renamed its copy into place first: use that one.
      if (!existsSync(join(dir, 'chromium'))) throw error;
    }
  }
  const libs = [join(dir, 'libs', 'lib'), process.env['LD_LIBRARY_PATH']].filter(Boolean).join(delimiter);
  return {
    source: 'npm',
    executablePath: join(dir, 'chromium'),
    env: { LD_LIBRARY_PATH: libs, FONTCONFIG_PATH: join(dir, 'fonts') },
  };
}

/** The browsers this machine offers, in the order they are tried. */
export async function findBrowsers(): Promise<FoundBrowser[]> {
  const wanted = process.env['STANDIN_BROWSER']?.trim() ?? '';
  const only = sourceNames.find((name) => name === wanted);
  if (wanted !== '' && only === undefined) {
    if (!isExecutable(wanted))
      throw new Error(`STANDIN_BROWSER is ${JSON.stringify(wanted)}, which is not an executable file: ${browserHelp}.`);
    return [{ source: 'env', executablePath: wanted }];
  }
  const found: FoundBrowser[] = [];
  if (only === undefined || only === 'playwright') found.push(...[fromPlaywright()].filter((b) => b !== undefined));
  if (only === undefined || only === 'system') found.push(...[fromSystem()].filter((b) => b !== undefined));
  if (only === undefined || only === 'npm') found.push(...[await fromNpm()].filter((b) => b !== undefined));
  return found;
}

/** Flags that keep a test browser headless and off the network. */
const quietArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Launches the first browser that starts, headless. With none, it throws one line that says
 * which were tried and how to get one; a test that needs a browser fails rather than skips.
 */
export async function launchBrowser(): Promise<{ browser: Browser; source: BrowserSource }> {
  const found = await findBrowsers();
  const failures: string[] = [];
  for (const candidate of found) {
    const options: LaunchOptions = {
      executablePath: candidate.executablePath,
      headless: true,
      args: quietArgs,
      timeout: 60_000,
    };
    if (candidate.env !== undefined) options.env = { ...process.env, ...candidate.env } as Record<string, string>;
    try {
      return { browser: await chromium.launch(options), source: candidate.source };
    } catch (error) {
      const first = (error instanceof Error ? error.message : String(error)).split('\n')[0]!.slice(0, 200);
      failures.push(`${candidate.source} ${candidate.executablePath}: ${first}`);
    }
  }
  const tried = failures.length === 0 ? 'none found' : `tried ${failures.join('; ')}`;
  throw new Error(`No browser for the page test (${tried}): ${browserHelp}.`);
}
