import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { SourceMap, type SourceMapPayload } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const bin = (name: string): string => join(root, 'node_modules', '.bin', name);
const tsc = bin('tsc');
const run = (command: string, args: string[], cwd: string): string =>
  execFileSync(command, args, {
    cwd,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, npm_config_loglevel: 'error' },
  });

/** The consumer's own code: both entry points, typed, used the way an application would. */
const consumerTs = `
import 'reflect-metadata';
import { ContainerModule } from 'inversify';
import { z } from 'zod';
import { code, createApp, StandinError, Tokens, tool, type CursorStore, type Provider, type Reply } from 'standin';
import { createTestApp, createTestContainer, InstantClock } from 'standin/testing';

const provider: Provider = {
  async *reply() {
    yield { type: 'text', text: 'hello' };
    yield { type: 'finish', reason: 'stop' };
  },
};
const store: CursorStore = createTestContainer().get(Tokens.CursorStore);
const clock: InstantClock = createTestContainer().get(Tokens.Clock) as InstantClock;
const app = createTestApp(
  { models: { writer: { provider: 'mine', model: 'm' } } },
  new ContainerModule(({ bind }) => { bind(Tokens.Provider).toConstantValue(provider).whenNamed('mine'); }),
);
const reply: Reply = await app.reply('writer', { messages: 'hi' });
const echo = tool({ input: z.object({ words: z.string() }), run: ({ words }) => words.length });
const count: number = await echo.run({ words: 'abc' }, { signal: AbortSignal.abort(), runId: 'r', step: 0, callId: 'c' });
const fail: string = code.C0001;
void [store, clock, reply, count, fail, createApp, StandinError];
`;

/** The same, as a plain script: proves both entry points load outside any test runner. */
const consumerMjs = `
import { ContainerModule } from 'inversify';
import { createApp, StandinError, Tokens } from 'standin';
import { createTestApp, Scopes, TestApp } from 'standin/testing';

const app = createTestApp(
  { models: { writer: { provider: 'mine', model: 'm' } } },
  new ContainerModule(({ bind }) => {
    bind(Tokens.Provider).toConstantValue({
      async *reply() { yield { type: 'text', text: 'hello from a packed standin' }; yield { type: 'finish', reason: 'stop' }; },
    }).whenNamed('mine');
  }),
);
const reply = await app.reply('writer', { messages: 'hi' });
let rejected = '';
try { createApp({ nope: 1 }); } catch (e) { rejected = e instanceof StandinError ? e.code : 'other'; }
// Bundled, decorated classes keep their names: Nest and error messages print them.
const names = [app.engine.constructor.name, Scopes.name, TestApp.name, StandinError.name];
console.log(JSON.stringify({ text: reply.text, rejected, names }));
`;

/** The wire server entry, from the package: a scripted model answered over loopback HTTP. */
const serverMjs = `
import { createFakeServer } from 'standin/server';

const server = await createFakeServer({ scripts: { models: { 'gpt-4.1-mini': [{ text: 'hello over the wire' }] } } });
try {
  const response = await fetch(\`\${server.url}/v1/chat/completions\`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'gpt-4.1-mini', messages: [{ role: 'user', content: 'Hi' }] }),
  });
  const body = await response.json();
  console.log(JSON.stringify({ status: response.status, text: body.choices[0].message.content }));
} finally {
  await server.close();
}
`;

/** A script that leaves a standin error uncaught: a call past the end of a fake's script. */
const uncaughtMjs = `
import { createTestApp } from 'standin/testing';

const app = createTestApp({ models: { writer: { provider: 'anthropic', model: 'claude-sonnet-4-5' } } });
app.fake('writer', [{ text: 'Hi' }]);
await app.reply('writer', { messages: 'one' });
await app.reply('writer', { messages: 'two' });
`;

/** What node wrote to stderr running `args` in `cwd`, and how it exited. */
const failing = (args: string[], cwd: string): { stderr: string; status: number | null } => {
  try {
    run('node', args, cwd);
    return { stderr: '', status: 0 };
  } catch (error) {
    const { stderr, status } = error as { stderr?: string; status?: number | null };
    return { stderr: String(stderr), status: status ?? null };
  }
};

/** A script whose error's stack, with --enable-source-maps, should point into the TypeScript. */
const stackMjs = `
import { createApp } from 'standin';
try { createApp({ nope: 1 }); } catch (e) { console.log(e.stack); }
`;

describe('the packed package', () => {
  let dir = '';
  let consumer = '';
  let tarball = '';
  let installed = '';

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'standin-pack-'));
    run('npm', ['pack', '--pack-destination', dir], root);
    const packed = readdirSync(dir).find((name) => name.endsWith('.tgz'));
    if (packed === undefined) throw new Error(`npm pack left no tarball in ${dir}`);
    tarball = join(dir, packed);
    consumer = join(dir, 'consumer');
    run('mkdir', ['-p', consumer], dir);
    writeFileSync(join(consumer, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
    run(
      'npm',
      [
        'install',
        '--prefer-offline',
        '--no-audit',
        '--no-fund',
        tarball,
        'inversify@8.2.3',
        'reflect-metadata@0.2.2',
        'zod@4.6.7',
      ],
      consumer,
    );
    writeFileSync(join(consumer, 'consumer.ts'), consumerTs);
    writeFileSync(join(consumer, 'consumer.mjs'), consumerMjs);
    writeFileSync(join(consumer, 'stack.mjs'), stackMjs);
    writeFileSync(join(consumer, 'uncaught.mjs'), uncaughtMjs);
    writeFileSync(join(consumer, 'server.mjs'), serverMjs);
    installed = join(consumer, 'node_modules', 'standin');
    writeFileSync(
      join(consumer, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          strict: true,
          noEmit: true,
          types: [],
          lib: ['ES2022', 'DOM'],
          skipLibCheck: false,
        },
        files: ['consumer.ts'],
      }),
    );
  }, 180_000);

  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('holds the built entry points and their types, the TypeScript its maps name, and no tests', () => {
    const listing = run('tar', ['-tzf', tarball], dir).split('\n');
    expect(listing).toContain('package/dist/index.js');
    expect(listing).toContain('package/dist/index.d.ts');
    expect(listing).toContain('package/dist/testing.js');
    expect(listing).toContain('package/dist/testing.d.ts');
    expect(listing).toContain('package/dist/conformance.js');
    expect(listing).toContain('package/dist/conformance.d.ts');
    expect(listing).toContain('package/dist/nest.js');
    expect(listing).toContain('package/dist/nest.d.ts');
    expect(listing).toContain('package/dist/ai-sdk.js');
    expect(listing).toContain('package/dist/ai-sdk.d.ts');
    expect(listing).toContain('package/dist/server.js');
    expect(listing).toContain('package/dist/server.d.ts');
    expect(listing).toContain('package/dist/server/cli.js');
    expect(listing).toContain('package/dist/vitest.js');
    expect(listing).toContain('package/dist/vitest.d.ts');
    expect(listing).toContain('package/dist/jest.js');
    expect(listing).toContain('package/dist/jest.d.ts');
    expect(listing).toContain('package/dist/arbitraries.js');
    expect(listing).toContain('package/dist/arbitraries.d.ts');
    expect(listing.some((name) => name.startsWith('package/test/'))).toBe(false);
    expect(listing).toContain('package/src/index.ts');
    expect(listing.filter((name) => name.startsWith('package/src/') && !name.endsWith('.ts'))).toEqual([]);
  });

  it('type-checks a consumer that imports both entry points, with full types', { timeout: 180_000 }, () => {
    expect(() => run(tsc, ['-p', 'tsconfig.json'], consumer)).not.toThrow();
  });

  it('fails to type-check a consumer that misuses a type: the types are real, not any', { timeout: 180_000 }, () => {
    writeFileSync(
      join(consumer, 'wrong.ts'),
      `import { Tokens } from 'standin';\nimport { createTestContainer } from 'standin/testing';\nconst n: number = createTestContainer().get(Tokens.CursorStore);\nvoid n;\n`,
    );
    writeFileSync(
      join(consumer, 'tsconfig.wrong.json'),
      JSON.stringify({ extends: './tsconfig.json', files: ['wrong.ts'] }),
    );
    let output = '';
    try {
      run(tsc, ['-p', 'tsconfig.wrong.json'], consumer);
    } catch (error) {
      output = String((error as { stdout?: string }).stdout);
    }
    expect(output).toContain("Type 'CursorStore' is not assignable to type 'number'");
  });

  it('runs both entry points in a plain node script, outside any test runner', () => {
    expect(JSON.parse(run('node', ['consumer.mjs'], consumer))).toEqual({
      text: 'hello from a packed standin',
      rejected: 'C0001',
      names: ['Engine', 'Scopes', 'TestApp', 'StandinError'],
    });
  });

  it('serves a scripted model from the standin/server entry in a plain node script', () => {
    expect(JSON.parse(run('node', ['server.mjs'], consumer))).toEqual({ status: 200, text: 'hello over the wire' });
  });

  it('installs the standin command, which runs from the package', () => {
    const command = join(consumer, 'node_modules', '.bin', 'standin');
    expect(run(command, ['--help'], consumer)).toContain('Usage: standin serve --scripts <file.json>');
  });

  it('passes publint --strict', { timeout: 60_000 }, () => {
    expect(run(bin('publint'), ['--strict', '--pack', 'false', installed], consumer)).toContain('All good!');
  });

  it('passes @arethetypeswrong/cli for an ESM-only package', { timeout: 60_000 }, () => {
    expect(() => run(bin('attw'), [tarball, '--profile', 'esm-only', '--format', 'ascii'], consumer)).not.toThrow();
  });

  it('ships source maps that embed the TypeScript: a position in a chunk resolves to the class in its real source', () => {
    const chunks = readdirSync(join(installed, 'dist', 'chunks')).filter((name) => name.endsWith('.js'));
    // The class is declared as `StandinError = class`, wherever its chunk puts it.
    const declaration = /\bStandinError ?= ?class\b/;
    const chunk = chunks.find((name) =>
      declaration.test(readFileSync(join(installed, 'dist', 'chunks', name), 'utf8')),
    );
    expect(chunk).toBeDefined();
    const file = join(installed, 'dist', 'chunks', chunk!);
    const lines = readFileSync(file, 'utf8').split('\n');
    const line = lines.findIndex((text) => declaration.test(text));
    const column = lines[line]!.search(declaration) + declaration.exec(lines[line]!)![0].indexOf('class');
    const payload = JSON.parse(readFileSync(`${file}.map`, 'utf8')) as SourceMapPayload & {
      sourcesContent?: (string | null)[];
    };
    const entry = new SourceMap(payload).findEntry(line, column) as { originalSource?: string; originalLine?: number };
    expect(entry.originalSource).toMatch(/src\/errors\/StandinError\.ts$/);
    const source =
      payload.sourcesContent![
        payload.sources.findIndex((s) => entry.originalSource!.endsWith(s.replace(/^(\.\.\/)+/, '')))
      ]!;
    expect(source.split('\n')[entry.originalLine!]).toContain('export class StandinError extends Error');
  });

  it('embeds the source of every file its maps name', () => {
    const maps = run('find', [join(installed, 'dist'), '-name', '*.js.map'], consumer)
      .trim()
      .split('\n');
    expect(maps.length).toBeGreaterThan(3);
    for (const map of maps) {
      const payload = JSON.parse(readFileSync(map, 'utf8')) as {
        sources: string[];
        sourcesContent?: (string | null)[];
      };
      expect(payload.sourcesContent?.length).toBe(payload.sources.length);
      expect(payload.sourcesContent!.every((text) => typeof text === 'string' && text.length > 0)).toBe(true);
    }
  });

  it('names in its maps only files it ships: every source of every .js.map is in the package', () => {
    const maps = run('find', [join(installed, 'dist'), '-name', '*.map'], consumer)
      .trim()
      .split('\n');
    expect(maps.length).toBeGreaterThan(3);
    const missing = maps.flatMap((map) => {
      const { sources, sourceRoot } = JSON.parse(readFileSync(map, 'utf8')) as {
        sources: string[];
        sourceRoot?: string;
      };
      return sources
        .map((source) => resolve(dirname(map), sourceRoot ?? '', source))
        .filter((file) => !existsSync(file))
        .map((file) => `${relative(installed, map)} -> ${relative(installed, file)}`);
    });
    expect(missing).toEqual([]);
  });

  it.each([[[]], [['--enable-source-maps']]])(
    'prints an uncaught error as lines a person can read, with node flags %j',
    (flags: string[]) => {
      const { stderr, status } = failing([...flags, 'uncaught.mjs'], consumer);
      expect(status).toBe(1);
      const lines = stderr.split('\n');
      // Node prints the line the error was made on, a caret under it, the message and the stack:
      // from a minified file that line is tens of KB of code.
      expect(lines.filter((line) => line.length > 300)).toEqual([]);
      expect(lines[1]).toContain('new StandinError(');
      expect(stderr).toContain('StandinError: T0013:');
      expect(stderr).toMatch(/^ {4}at pastTheEnd \(.+:\d+:\d+\)$/m);
      expect(stderr).toMatch(/^ {4}at takeAnswer \(.+:\d+:\d+\)$/m);
    },
  );

  it('prints stack traces that name the TypeScript file and line under --enable-source-maps', () => {
    const stack = run('node', ['--enable-source-maps', 'stack.mjs'], consumer);
    expect(stack).toMatch(/StandinError|C0001/);
    expect(stack).toMatch(/src\/config\/parseConfig\.ts:\d+/);
  });
});
