/**
 * Writes docs/errors.md from the code catalog (`npm run docs:errors`). A test fails when the
 * file and the catalog disagree, so the table is always the catalog.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { catalog } from '../src/errors/catalog.js';

const areas: Readonly<Record<string, string>> = {
  C: 'Config',
  S: 'Scopes and cursors',
  E: 'Engine',
  P: 'Provider failures',
  R: 'Runs and tools',
  T: 'The faked model',
  K: 'Classification',
  N: 'NestJS',
  D: 'Shared stores',
  V: 'Cassettes',
  A: 'AI SDK interop',
  W: 'The wire server',
};

/** The markdown of docs/errors.md. */
export function errorsDoc(): string {
  const lines = [
    '# Error codes',
    '',
    'Every error standin throws is a `StandinError` (or a subclass) with a stable `code`. Compare',
    'against the `code` export (`e.code === code.T0013`) rather than a string. This file is generated from',
    '`src/errors/catalog.ts` by `npm run docs:errors`.',
    '',
  ];
  let area = '';
  for (const [name, info] of Object.entries(catalog)) {
    if (name[0] !== area) {
      area = name[0]!;
      lines.push(`## ${areas[area] ?? area}`, '', '| code | means | fix |', '|---|---|---|');
    }
    lines.push(`| \`${name}\` | ${info.means.replaceAll('|', '\\|')} | ${info.fix.replaceAll('|', '\\|')} |`);
    const next = Object.keys(catalog)[Object.keys(catalog).indexOf(name) + 1];
    if (next === undefined || next[0] !== area) lines.push('');
  }
  return lines.join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(new URL('../docs/errors.md', import.meta.url), errorsDoc());
}
