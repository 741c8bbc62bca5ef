/**
 * Every code block of README.md and docs/*.md, checked: a ts block is type-checked under strict
 * settings (one TypeScript program for all of them, `standin` imports resolved to src/), and a
 * block marked `<!-- run -->` is executed too; a json block must parse; every block names its
 * language. The markers are described in markdownBlocks.ts.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Block, blocksOf, markdownFiles, root } from './markdownBlocks.js';

/** The languages a block may name; a ts block is checked as TypeScript, a json one must parse. */
const languages = new Set(['ts', 'typescript', 'json', 'sh', 'js', 'text', 'python', 'yaml']);
const out = join(root, '.tmp', 'docs-blocks');
const shim = join(root, 'test', 'docs', 'blockRunner.ts');

const blocks = markdownFiles().flatMap(blocksOf);
const typescript = blocks.filter((block) => block.lang === 'ts' || block.lang === 'typescript');

/** Where a block is written: its page's folder, under the file name its first line gives (`// triage.ts`), else its line. */
function fileOf(block: Block, taken: Set<string>): string {
  const page = block.file.replace(/\.md$/, '').replace(/\//g, '_');
  const named = /^\/\/ ([\w./-]+\.ts)\b/.exec(block.code)?.[1];
  let path = join(out, page, named ?? `block-${block.line}.ts`);
  if (taken.has(path)) path = path.replace(/\.ts$/, `-${block.line}.ts`);
  taken.add(path);
  return path;
}

const files = new Map<Block, { readonly path: string; readonly offset: number }>();
let diagnostics = new Map<string, string[]>();

beforeAll(() => {
  rmSync(out, { recursive: true, force: true });
  const taken = new Set<string>();
  for (const block of typescript) {
    const path = fileOf(block, taken);
    const prelude = block.prelude.trim() === '' ? '' : `${block.prelude.trim()}\n`;
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, `${prelude}${block.code}\nexport {};\n`);
    files.set(block, { path, offset: prelude === '' ? 0 : prelude.split('\n').length - 1 });
  }
  const entry = (name: string): string[] => [join(root, 'src', `${name}.ts`)];
  const options: ts.CompilerOptions = {
    strict: true,
    target: ts.ScriptTarget.ES2022,
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    types: ['node'],
    experimentalDecorators: true,
    emitDecoratorMetadata: true,
    skipLibCheck: true,
    noEmit: true,
    paths: {
      standin: entry('index'),
      'standin/testing': entry('testing'),
      'standin/conformance': entry('conformance'),
      'standin/nest': entry('nest'),
      'standin/ai-sdk': entry('ai-sdk'),
      'standin/server': entry('server'),
      'standin/vitest': entry('vitest'),
      'standin/jest': entry('jest'),
      'standin/arbitraries': entry('arbitraries'),
    },
  };
  const program = ts.createProgram(
    [...files.values()].map((f) => f.path),
    options,
  );
  diagnostics = new Map();
  const global = [...program.getOptionsDiagnostics(), ...program.getGlobalDiagnostics()];
  if (global.length > 0) throw new Error(ts.formatDiagnostics(global, host));
  for (const { path } of files.values()) {
    const source = program.getSourceFile(path)!;
    const found = [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)];
    diagnostics.set(
      path,
      found.map((d) => {
        const line = d.start === undefined ? 0 : source.getLineAndCharacterOfPosition(d.start).line;
        return `${line}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
      }),
    );
  }
}, 180_000);

const host: ts.FormatDiagnosticsHost = {
  getCanonicalFileName: (f) => f,
  getCurrentDirectory: () => root,
  getNewLine: () => '\n',
};
const where = (block: Block): string => `${block.file}:${block.line}`;

describe('the code blocks of README.md and docs/*.md', () => {
  it('each name a language we check or keep as text, and each marker fits its block', () => {
    expect(blocks.length).toBeGreaterThan(50);
    for (const block of blocks) {
      expect(
        languages.has(block.lang),
        `${where(block)}: a block of language '${block.lang}'; name one of ${[...languages].join(', ')}`,
      ).toBe(true);
      if (block.marker === 'fragment')
        expect(block.reason, `${where(block)}: a fragment says why it is one`).not.toBe('');
      if (block.marker !== undefined)
        expect(block.lang, `${where(block)}: a run or fragment marker on a block that is not TypeScript`).toMatch(
          /^(ts|typescript)$/,
        );
    }
  });

  it.each(blocks.filter((block) => block.lang === 'json').map((block) => [where(block), block] as const))(
    'the JSON block at %s parses',
    (_, block) => {
      expect(() => JSON.parse(block.code) as unknown).not.toThrow();
    },
  );

  it.each(typescript.map((block) => [where(block), block] as const))(
    'the TypeScript block at %s type-checks',
    (_, block) => {
      const { path, offset } = files.get(block)!;
      const problems = (diagnostics.get(path) ?? []).map((text) => {
        const [line, ...message] = text.split(': ');
        return `${block.file}:${block.line + Number(line) + 1 - offset}: ${message.join(': ')}`;
      });
      expect(problems, `written to ${relative(root, path)}`).toEqual([]);
    },
  );

  it.each(typescript.filter((block) => block.marker === 'run').map((block) => [where(block), block] as const))(
    'the program at %s runs',
    async (_, block) => {
      const { path } = files.get(block)!;
      const runnable = path.replace(/\.ts$/, '.run.ts');
      const source = `${block.prelude}\n${block.code}`.replace(/from 'vitest'/g, `from ${JSON.stringify(shim)}`);
      writeFileSync(runnable, `${source}\nexport {};\n`);
      await import(pathToFileURL(runnable).href);
      const { runCollected } = await import('./blockRunner.js');
      await runCollected();
    },
    60_000,
  );
});
