import { expect } from '@jest/globals';
import { standinMatchers } from './testing/asked/matchers.js';
import type { StandinAsymmetricMatchers, StandinMatchers } from './testing/asked/StandinMatchers.js';

// Registered on import: a setup file (`setupFilesAfterEnv`) imports this entry once per test file.
expect.extend(standinMatchers);

declare module '@jest/expect' {
  // Merged into jest's own interfaces, so the type parameters are jest's and the members are inherited.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars, @typescript-eslint/no-empty-object-type
  interface Matchers<R extends void | Promise<void>, T = unknown> extends StandinMatchers<R> {}
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AsymmetricMatchers extends StandinAsymmetricMatchers {}
}
