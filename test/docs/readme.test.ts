/**
 * The README is the first hour: short, in the order a user reaches for things, and every page it
 * leaves out is one link away. The links of README.md and docs/*.md lead to files and headings that
 * exist, and no page starts the wire server through npx (it costs seconds on every start).
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';
import { blocksOf, markdownFiles, root } from './markdownBlocks.js';

const read = (file: string): string => readFileSync(join(root, file), 'utf8');
const readme = read('README.md');

/** The text of a page outside its fenced blocks, where headings and links are prose. */
function prose(text: string): string {
  return text.replace(/^(\s*)```[^\n]*\n[\s\S]*?\n\1```$/gm, '');
}

/** The `##` headings of a page, in order. */
const sections = (text: string): string[] => [...prose(text).matchAll(/^## (.+)$/gm)].map((match) => match[1]!.trim());

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
const anchorOf = (heading: string): string =>
  heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

/** The anchors of a page's headings. */
const anchors = (text: string): Set<string> =>
  new Set([...prose(text).matchAll(/^#{1,6} (.+)$/gm)].map((match) => anchorOf(match[1]!.trim())));

/** Each relative link of a page to a markdown file or a heading: `[text](docs/app.md#runs)`. */
function links(file: string): { target: string; anchor: string | undefined }[] {
  const found = [...prose(read(file)).matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1]!);
  return found
    .filter((href) => !/^[a-z]+:/.test(href))
    .map((href) => {
      const [path = '', anchor] = href.split('#');
      return { target: path === '' ? file : normalize(join(dirname(file), path)), anchor };
    })
    .filter(({ target }) => target.endsWith('.md'));
}

describe('README.md', () => {
  it('is at most 400 lines', () => {
    expect(readme.trimEnd().split('\n').length).toBeLessThanOrEqual(400);
  });

  it('goes from install to the first test, an app and its tests, NestJS and the AI SDK, before the rest', () => {
    expect(sections(readme).slice(0, 9)).toEqual([
      'Install',
      'Your first faked test',
      'Contents',
      'An app and its tests',
      'NestJS',
      'The AI SDK',
      'Scopes and per-request isolation',
      'Cassettes',
      'The wire server: any client, any language',
    ]);
  });

  it('links every page of docs/, so what it leaves out is one link away', () => {
    const linked = new Set(links('README.md').map(({ target }) => target));
    const pages = markdownFiles().filter((file) => file.startsWith('docs/'));
    expect(pages.filter((page) => !linked.has(page))).toEqual([]);
  });
});

describe('the links of README.md and docs/*.md', () => {
  it.each(markdownFiles())('in %s lead to pages and headings that exist', (file) => {
    const broken = links(file).filter(({ target, anchor }) => {
      if (!existsSync(join(root, target))) return true;
      return anchor !== undefined && !anchors(read(target)).has(anchor);
    });
    expect(broken.map(({ target, anchor }) => `${target}${anchor === undefined ? '' : `#${anchor}`}`)).toEqual([]);
  });
});

describe('the commands of README.md and docs/*.md', () => {
  it('start the wire server from the package bin, never through npx', () => {
    const slow = markdownFiles().flatMap((file) =>
      blocksOf(file)
        .filter((block) => block.code.includes('npx standin'))
        .map((block) => `${block.file}:${block.line}`),
    );
    expect(slow).toEqual([]);
  });
});
