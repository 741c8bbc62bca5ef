import { afterAll, vi } from 'vitest';

/**
 * The suite shares one module cache per worker (`isolate: false`), so what a test file stubs
 * must end with the file: environment variables, globals, spies and fake timers are put back here.
 */
afterAll(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});
