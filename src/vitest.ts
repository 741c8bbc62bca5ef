import { expect } from 'vitest';
import { standinMatchers } from './testing/asked/matchers.js';
import type { StandinAsymmetricMatchers, StandinMatchers } from './testing/asked/StandinMatchers.js';

// Registered on import: a setup file (`test.setupFiles`) imports this entry once per test file.
expect.extend(standinMatchers);

declare module 'vitest' {
  // Merged into vitest's own interfaces, so the type parameter is vitest's and the members are inherited.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any, @typescript-eslint/no-unused-vars, @typescript-eslint/no-empty-object-type
  interface Assertion<T = any> extends StandinMatchers<void> {}
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AsymmetricMatchersContaining extends StandinAsymmetricMatchers {}
}
