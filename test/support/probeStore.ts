/** Connects a Redis cursor store to the URL in argv and prints the failure's code and message as JSON. */
import { RedisCursorStore } from '../../src/conformance.js';

const store = new RedisCursorStore({ url: process.argv[2]! });
try {
  await store.ready();
  process.stdout.write(JSON.stringify({ code: 'connected' }));
} catch (error) {
  process.stdout.write(JSON.stringify({ code: (error as { code?: string }).code, message: (error as Error).message }));
} finally {
  await store.close();
}
