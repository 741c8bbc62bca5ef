import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { LoopbackServer } from './LoopbackServer.js';

/**
 * Starts a loopback server for the file's tests, handing it to `use`; forgets its handlers,
 * requests and stubbed environment variables after each test, and closes it after all.
 */
export function useLoopback(use: (server: LoopbackServer) => void): void {
  let server: LoopbackServer;
  beforeAll(async () => {
    server = await LoopbackServer.start();
    use(server);
  });
  afterAll(async () => {
    await server.close();
  });
  afterEach(() => {
    server.reset();
    vi.unstubAllEnvs();
  });
}
