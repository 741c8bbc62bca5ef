import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const read = (path: string): string => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');

interface Manifest {
  readonly engines: Record<string, string>;
  readonly peerDependencies: Record<string, string>;
  readonly devDependencies: Record<string, string>;
  readonly dependencies?: Record<string, string>;
}

const manifest = JSON.parse(read('package.json')) as Manifest;
/** The NestJS 11 the `nest-11` vitest project runs on. */
const nest11 = JSON.parse(read('test/nest11/package.json')) as Manifest;

interface Row {
  readonly what: string;
  readonly versions: string;
  readonly testedBy: string;
}

/** The cells of a Markdown table row; `\|` is a pipe inside a cell. */
function cells(line: string): string[] {
  return line
    .trim()
    .replace(/^\||\|$/g, '')
    .split(/(?<!\\)\|/)
    .map((cell) => cell.trim().replaceAll('\\|', '|'));
}

/** The text in backticks, in order. */
const quoted = (text: string): string[] => [...text.matchAll(/`([^`]+)`/g)].map((match) => match[1]!);

/** The README's last section, which must be the support matrix, and its table. */
function matrix(readme: string): { heading: string; header: string[]; rows: Row[] } {
  const sections = readme.split(/\n(?=## )/);
  const last = sections.at(-1)!;
  const lines = last.split('\n');
  const table = lines.filter((line) => line.startsWith('|'));
  const rows = table.slice(2).map((line) => {
    const [what = '', versions = '', testedBy = ''] = cells(line);
    return { what, versions, testedBy };
  });
  return { heading: lines[0]!, header: cells(table[0] ?? ''), rows };
}

const { heading, header, rows } = matrix(read('README.md'));
/** The row whose `what` names a package in backticks. */
const rowsNaming = (name: string): Row[] => rows.filter((row) => quoted(row.what).includes(name));

describe('the README support matrix', () => {
  it("is the README's last section, headed Supported versions, with the columns what, versions, tested by", () => {
    expect(heading).toBe('## Supported versions');
    expect(header).toEqual(['what', 'versions', 'tested by']);
  });

  it('has a row for Node, NestJS, the AI SDK, inversify, zod, reflect-metadata, redis, vitest, jest, node:test', () => {
    const names = [
      'Node',
      'NestJS',
      'AI SDK',
      'inversify',
      'zod',
      'reflect-metadata',
      'redis',
      'vitest',
      'jest',
      'node:test',
    ];
    expect(names.filter((name) => !rows.some((row) => row.what.startsWith(name)))).toEqual([]);
  });

  it("gives Node the range of package.json's engines.node", () => {
    const node = rows.find((row) => row.what === 'Node');
    expect(quoted(node?.versions ?? '')[0]).toBe(manifest.engines.node);
  });

  it.each(Object.entries(manifest.peerDependencies))('gives the peer %s its package.json range, %s', (name, range) => {
    const named = rowsNaming(name);
    expect(named).toHaveLength(1);
    expect(quoted(named[0]!.versions)[0]).toBe(range);
  });

  it('names, in each row, the version of every package the tests pin for it', () => {
    const missing = rows.flatMap((row) =>
      quoted(row.what)
        .filter((name) => manifest.devDependencies[name] !== undefined)
        .filter((name) => !row.testedBy.includes(manifest.devDependencies[name]!))
        .map((name) => `${row.what}: ${name} ${manifest.devDependencies[name]}`),
    );
    expect(missing).toEqual([]);
  });

  it('names the NestJS 11 the nest-11 project runs on', () => {
    expect(rowsNaming('@nestjs/core')[0]?.testedBy).toContain(`Nest ${nest11.dependencies!['@nestjs/core']}`);
  });
});
