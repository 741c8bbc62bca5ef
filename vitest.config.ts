import { defineConfig } from 'vitest/config';

export default defineConfig({
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
