import { describe, expect, it } from 'vitest';
import { code } from '../../../src/index.js';
import { caught, makeApp } from './fixtures.js';

/** An app's handler that answers 500 on any error, as a web framework does. */
function handler(app: ReturnType<typeof makeApp>, messages: string): () => Promise<number> {
  return () =>
    app.reply('writer', { messages }).then(
      () => 200,
      () => 500,
    );
}

describe('FakeModel', () => {
  describe('.verify', () => {
    it('fails with T0046 when a call ran past the answers (T0013) and the app caught it and answered 500', async () => {
      const app = makeApp();
      const writer = app.fake('writer', [{ text: 'one' }]);
      expect(await app.scope('req-a', handler(app, 'a'))).toBe(200);
      expect(await app.scope('req-a', handler(app, 'b'))).toBe(500);
      const error = await caught(() => writer.verify());
      expect(error.code).toBe(code.T0046);
      expect(error.message).toContain("1 call raised a test author's error, even if the app caught it");
      expect(error.message).toMatch(
        /In scope 'req-a', model 'writer', step 'call:[^']+', attempt 1: T0013 app\.fake\('writer', answers\): model 'writer' was faked with 1 answer/,
      );
    });

    it('names the scope it is asked about only: another scope that raised nothing passes', async () => {
      const app = makeApp();
      const writer = app.fake('writer', [{ text: 'one' }]);
      await app.scope('good', handler(app, 'a'));
      await app.scope('bad', handler(app, 'a'));
      await app.scope('bad', handler(app, 'b'));
      await expect(writer.verify('good')).resolves.toBeUndefined();
      expect((await caught(() => writer.verify('bad'))).code).toBe(code.T0046);
    });

    it("fails with T0046 for a function's answer that is no answer (T0002), swallowed by the app", async () => {
      const app = makeApp();
      const writer = app.fake('writer', () => 'plain text' as never);
      expect(await handler(app, 'a')()).toBe(500);
      const error = await caught(() => writer.verify());
      expect(error.code).toBe(code.T0046);
      expect(error.message).toContain('T0002');
    });

    it('does not count a failure an answer asks for ({ fail })', async () => {
      const app = makeApp();
      const writer = app.fake('writer', [{ fail: 'auth' }]);
      expect(await handler(app, 'a')()).toBe(500);
      await expect(writer.verify()).resolves.toBeUndefined();
    });
  });
});
