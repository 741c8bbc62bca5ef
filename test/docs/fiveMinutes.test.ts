/**
 * The five-minute path of docs/testing.md is followed in an empty folder, so its install lines must
 * install what its code needs: every package its blocks import, TypeScript, and Node's types
 * (vitest's own declarations import `node:` modules; without them `tsc` finds dozens of errors).
 */
import { describe, expect, it } from 'vitest';
import { blocksOf } from './markdownBlocks.js';

const page = 'docs/testing.md';
const heading = '## The five-minute path';

/** The package a module specifier names: `standin/testing` is `standin`, `@a/b/c` is `@a/b`. */
const packageOf = (specifier: string): string => {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
};

describe(`${page}: ${heading}`, () => {
  const blocks = blocksOf(page);
  const start = blocks.findIndex((block) => block.lang === 'sh' && block.code.includes('npm install'));
  const end = blocks.findIndex((block, at) => at > start && block.code.includes('// test/helpdesk.test.ts, continued'));
  const path = blocks.slice(start, end + 1);
  const installed = path
    .filter((block) => block.lang === 'sh')
    .flatMap((block) => block.code.split('\n'))
    .filter((line) => /^npm install\b/.test(line))
    .flatMap((line) => line.split(/\s+/).slice(2))
    .filter((word) => !word.startsWith('-'));
  const imported = path
    .filter((block) => block.lang === 'ts')
    .flatMap((block) => [...block.code.matchAll(/^import [^'"]*['"]([^'"]+)['"]/gm)].map((match) => match[1]!))
    .filter((specifier) => !specifier.startsWith('.') && !specifier.startsWith('node:'))
    .map(packageOf);

  it('starts with its install lines and ends with the test that goes on from step 4', () => {
    expect(start).toBeGreaterThanOrEqual(0);
    expect(end).toBeGreaterThan(start);
  });

  it('installs every package its code imports', () => {
    expect(imported).toEqual(expect.arrayContaining(['standin', 'vitest', 'zod']));
    expect([...new Set(imported)].filter((name) => !installed.includes(name))).toEqual([]);
  });

  it('installs TypeScript and the Node types that vitest declarations need', () => {
    expect(installed).toEqual(expect.arrayContaining(['typescript', '@types/node']));
  });
});
