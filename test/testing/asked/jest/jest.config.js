/**
 * The matchers of `standin/jest` under jest 30 in ESM mode, as an application registers them:
 * `setupFilesAfterEnv` imports the entry. Run by `jestMatchers.test.ts` with
 * `node --experimental-vm-modules node_modules/jest/bin/jest.js`.
 *
 * @type {import('jest').Config}
 */
export default {
  rootDir: '.',
  testEnvironment: 'node',
  testMatch: ['<rootDir>/*.spec.ts'],
  setupFilesAfterEnv: ['<rootDir>/setup.ts'],
  extensionsToTreatAsEsm: ['.ts'],
  transform: {
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
    // standin is its own source here; an application imports the package.
    '^standin/(testing|jest|server)$': '<rootDir>/../../../../src/$1.ts',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
};
