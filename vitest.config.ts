import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

const source = (path: string): string => fileURLToPath(new URL(path, import.meta.url));
/** Where test/nest11 installs NestJS 11's packages. */
const nest11 = source('./test/nest11/node_modules/@nestjs/');
/** Files that replace a module with `vi.mock`: each needs a module cache of its own. */
const mocking = [
  'test/ceilings/cassetteWork.test.ts',
  'test/services/providers/bedrock/optionalPeers.test.ts',
  'test/services/providers/vertex/defaultCredentials.test.ts',
  'test/services/providers/vertex/optionalPeer.test.ts',
];

export default defineConfig({
  // Examples import 'standin' as users do; in this repository that is the source, not dist.
  resolve: {
    alias: [
      { find: /^standin\/testing$/, replacement: source('./src/testing.ts') },
      { find: /^standin\/conformance$/, replacement: source('./src/conformance.ts') },
      { find: /^standin\/nest$/, replacement: source('./src/nest.ts') },
      { find: /^standin\/ai-sdk$/, replacement: source('./src/ai-sdk.ts') },
      { find: /^standin\/server$/, replacement: source('./src/server.ts') },
      { find: /^standin\/vitest$/, replacement: source('./src/vitest.ts') },
      { find: /^standin\/arbitraries$/, replacement: source('./src/arbitraries.ts') },
      { find: /^standin$/, replacement: source('./src/index.ts') },
    ],
  },
  // Legacy decorators and their metadata are pinned here, not only in tsconfig, so a test file
  // outside tsconfig's include still compiles the way the library does.
  oxc: { decorator: { legacy: true, emitDecoratorMetadata: true } },
  test: {
    environment: 'node',
    // Modules are evaluated once per worker, not once per file: most of a file's time was import.
    isolate: false,
    setupFiles: ['./test/support/fileBoundary.ts'],
    // A timeout here finds a hang, not a slow machine: a test's own bounds come from its work or the instant clock.
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // Redis for the tests that start one: found on this machine, or fetched once into node_modules/.cache.
    globalSetup: ['./test/support/redisSetup.ts'],
    typecheck: {
      enabled: true,
      include: ['test/**/*.test-d.ts'],
      tsconfig: './tsconfig.json',
    },
    projects: [
      // Each project names its own files: a project that extends the root adds to the root's lists.
      {
        extends: true,
        test: {
          name: 'standin',
          include: ['test/**/*.test.ts', 'examples/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...mocking],
          env: { STANDIN_NEST_MAJOR: '12' },
        },
      },
      {
        extends: true,
        test: {
          name: 'mocking',
          include: mocking,
          isolate: true,
          typecheck: { enabled: false },
          env: { STANDIN_NEST_MAJOR: '12' },
        },
      },
      // The peer range promises NestJS 11 too: the same Nest tests run against the Nest 11 that
      // test/nest11 installs. Nest's own packages, loaded from there, find each other there.
      {
        extends: true,
        resolve: { alias: [{ find: /^@nestjs\/([\w-]+)(\/.*)?$/, replacement: `${nest11}$1$2` }] },
        test: {
          name: 'nest-11',
          include: ['test/nest/**/*.test.ts'],
          typecheck: { enabled: false },
          env: { STANDIN_NEST_MAJOR: '11' },
        },
      },
    ],
  },
});
