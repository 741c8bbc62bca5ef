/**
 * Jest in ESM mode for a NestJS application that uses standin. Run it with
 * `node --experimental-vm-modules node_modules/jest/bin/jest.js`: inversify 8, under standin,
 * ships ESM only, which jest's default CommonJS mode cannot load on Node 20.
 *
 * @type {import('jest').Config}
 */
export default {
  testEnvironment: 'node',
  testMatch: ['<rootDir>/test/**/*.spec.ts'],
  // Refuses real calls in the whole test process: a test that forgets useStandin fails with E0008.
  setupFilesAfterEnv: ['<rootDir>/test/setup.ts'],
  // TypeScript files are ES modules: jest loads them with import, not require.
  extensionsToTreatAsEsm: ['.ts'],
  transform: {
    // swc compiles Nest's legacy decorators and emits their design-time types, as tsc would.
    '^.+\\.ts$': [
      '@swc/jest',
      {
        jsc: {
          target: 'es2022',
          parser: { syntax: 'typescript', decorators: true },
          transform: { legacyDecorator: true, decoratorMetadata: true },
          keepClassNames: true,
        },
        module: { type: 'es6' },
      },
    ],
  },
  moduleNameMapper: {
    // Only in this repository: standin is its own source here; an application imports the package.
    '^standin$': '<rootDir>/../../src/index.ts',
    '^standin/(testing|nest)$': '<rootDir>/../../src/$1.ts',
    // ESM imports in TypeScript name the .js file tsc will emit; jest reads the .ts beside it.
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
};
