import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const source = (path: string): string => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  // Examples import 'standin' as users do; in this repository that is the source, not dist.
  resolve: {
    alias: [
      { find: /^standin\/testing$/, replacement: source('./src/testing.ts') },
      { find: /^standin\/nest$/, replacement: source('./src/nest.ts') },
      { find: /^standin\/ai-sdk$/, replacement: source('./src/ai-sdk.ts') },
      { find: /^standin\/server$/, replacement: source('./src/server.ts') },
      { find: /^standin$/, replacement: source('./src/index.ts') },
    ],
  },
  // Legacy decorators and their metadata are pinned here, not only in tsconfig, so a test file
  // outside tsconfig's include still compiles the way the library does.
  oxc: { decorator: { legacy: true, emitDecoratorMetadata: true } },
  test: {
    include: ['test/**/*.test.ts', 'examples/**/*.test.ts'],
    environment: 'node',
    typecheck: {
      enabled: true,
      include: ['test/**/*.test-d.ts'],
      tsconfig: './tsconfig.json',
    },
  },
});
