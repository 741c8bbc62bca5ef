/**
 * The fenced code blocks of the project's markdown (README.md and docs/*.md), with the marker
 * comment before each. A marker is an HTML comment on the lines right before the fence:
 *
 * - `<!-- run -->`: the block is a whole program; it is type-checked, then executed.
 *   `<!-- run: <why> ... -->` runs it with the lines after the first put before it (a test that
 *   goes on from a test file shown above it, say).
 * - `<!-- fragment: <why> ... -->`: the block needs names it does not define (the app of the
 *   section above, say); the lines after the first are TypeScript put before the block, so it
 *   still type-checks. The reason is required.
 * - none: a ts block is a whole module and is type-checked.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The repository's root folder. */
export const root = fileURLToPath(new URL('../../', import.meta.url));

/** One fenced block of a markdown file. */
export interface Block {
  /** The markdown file, relative to the root (`docs/testing.md`). */
  readonly file: string;
  /** The line of the opening fence, from 1. */
  readonly line: number;
  /** The fence's language (`ts`, `sh`, ...), `''` when it names none. */
  readonly lang: string;
  /** The block's text, its fence's indentation taken off. */
  readonly code: string;
  /** The marker before it: `run`, `fragment`, or none. */
  readonly marker: 'run' | 'fragment' | undefined;
  /** A fragment's reason. */
  readonly reason: string;
  /** A fragment's TypeScript put before the block. */
  readonly prelude: string;
}

/** The markdown files whose blocks `npm test` checks. */
export function markdownFiles(): string[] {
  const docs = readdirSync(`${root}docs`)
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => `docs/${name}`);
  return ['README.md', ...docs];
}

/** Every fenced block of `file` (relative to the root). */
export function blocksOf(file: string): Block[] {
  const lines = readFileSync(`${root}${file}`, 'utf8').split('\n');
  const blocks: Block[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)```(\S*)\s*$/.exec(lines[i]!);
    if (open === null) continue;
    const indent = open[1]!;
    const end = lines.findIndex((text, j) => j > i && text === `${indent}\`\`\``);
    if (end < 0) throw new Error(`${file}:${i + 1}: a code block that is never closed`);
    const code = lines
      .slice(i + 1, end)
      .map((text) => (text.startsWith(indent) ? text.slice(indent.length) : text))
      .join('\n');
    blocks.push({ file, line: i + 1, lang: open[2]!, code, ...markerBefore(lines, i) });
    i = end;
  }
  return blocks;
}

function markerBefore(lines: readonly string[], fence: number): Pick<Block, 'marker' | 'reason' | 'prelude'> {
  const none = { marker: undefined, reason: '', prelude: '' };
  const last = lines[fence - 1]?.trim();
  if (last === undefined || !last.endsWith('-->')) return none;
  let start = fence - 1;
  while (start >= 0 && !lines[start]!.includes('<!--')) start--;
  if (start < 0) return none;
  const comment = lines.slice(start, fence).join('\n').trim().replace(/^<!--/, '').replace(/-->$/, '');
  const [first = '', ...rest] = comment.split('\n');
  const head = first.trim();
  if (head === 'run') return { marker: 'run', reason: '', prelude: '' };
  const run = /^run:(.*)$/.exec(head);
  if (run !== null) return { marker: 'run', reason: run[1]!.trim(), prelude: rest.join('\n') };
  const fragment = /^fragment:(.*)$/.exec(head);
  if (fragment !== null) return { marker: 'fragment', reason: fragment[1]!.trim(), prelude: rest.join('\n') };
  return none;
}
