/**
 * docs/new-provider.md names the folders and files a provider is made of; each must be where the
 * page says, for every provider there is: a `<vendor>` path exists for each vendor below, and every
 * registration file names each of them.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from './markdownBlocks.js';

const page = readFileSync(join(root, 'docs', 'new-provider.md'), 'utf8');

/** Each model provider, by its folder name, and the adapter name its config uses. */
const vendors = [
  { folder: 'openai', adapter: 'openai' },
  { folder: 'anthropic', adapter: 'anthropic' },
  { folder: 'gemini', adapter: 'gemini' },
  { folder: 'azure', adapter: 'azure-openai' },
  { folder: 'bedrock', adapter: 'bedrock' },
  { folder: 'ollama', adapter: 'ollama' },
] as const;

/** The repository paths the page names in backticks (`src/...`, `test/...`), globs left out. */
const paths = [...page.matchAll(/`((?:src|test)\/[^`]*)`/g)].map((match) => match[1]!).filter((p) => !p.includes('*'));

describe('docs/new-provider.md', () => {
  it('names the three folders, each with <vendor>, and the four registration files', () => {
    expect(paths).toEqual(
      expect.arrayContaining([
        'src/protocols/<vendor>/',
        'src/services/providers/<vendor>/',
        'src/server/dialects/<vendor>/',
        'src/services/providers/http/realAdapters.ts',
        'src/server/dialects/registry.ts',
        'src/index.ts',
        'src/config/adapterNames.ts',
      ]),
    );
  });

  it.each(vendors)('names paths that exist for the $folder provider', ({ folder }) => {
    const missing = paths
      .map((path) => path.replace('<vendor>', folder))
      .filter((path) => !existsSync(join(root, path)));
    expect(missing).toEqual([]);
  });

  it.each(vendors)('names registration files that each register the $folder provider', ({ folder, adapter }) => {
    const read = (path: string): string => readFileSync(join(root, path), 'utf8');
    expect(read('src/services/providers/http/realAdapters.ts')).toContain(`/${folder}/`);
    expect(read('src/server/dialects/registry.ts')).toContain(`./${folder}/`);
    expect(read('src/index.ts')).toContain(`/services/providers/${folder}/`);
    expect(read('src/config/adapterNames.ts')).toContain(`'${adapter}'`);
  });
});
