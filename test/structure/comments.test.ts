import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../src/', import.meta.url));

/** The most of src/'s lines that may be comments: a comment says why, and the code says what. */
const MAX_COMMENT_SHARE = 0.18;

function sources(dir = root): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** The comment lines of a text: `//` lines, and every line of a `/* *\/` block from its opening line. */
export function commentLines(text: string): number {
  let count = 0;
  let inBlock = false;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (inBlock) {
      count++;
      if (line.includes('*/')) inBlock = false;
    } else if (line.startsWith('//')) {
      count++;
    } else if (line.startsWith('/*')) {
      count++;
      if (!line.includes('*/')) inBlock = true;
    }
  }
  return count;
}

describe('the comments of src/', () => {
  it('counts // lines and the lines of /* */ blocks, not code that holds comment marks', () => {
    const text = ['// why', '/**', ' * what', ' */', 'const a = 1; // trailing', "const b = '/*';", ''].join('\n');
    expect(commentLines(text)).toBe(4);
  });

  it(`are at most ${MAX_COMMENT_SHARE * 100}% of its lines`, () => {
    let lines = 0;
    let comments = 0;
    for (const file of sources()) {
      const text = readFileSync(file, 'utf8');
      lines += text.split('\n').length;
      comments += commentLines(text);
    }
    expect(comments / lines).toBeLessThanOrEqual(MAX_COMMENT_SHARE);
  });
});
