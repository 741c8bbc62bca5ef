import { describe, expect, it } from 'vitest';
import { createFakeServer } from '../../src/server.js';

describe(createFakeServer, () => {
  it('refuses settings whose getter throws with W0010, and listens on nothing', async () => {
    const settings = {
      get port(): number {
        throw new Error('boom');
      },
    };
    await expect(createFakeServer(settings)).rejects.toMatchObject({
      code: 'W0010',
      message: expect.stringContaining('settings threw when read (boom)'),
    });
  });

  it('refuses a proxy that throws on every read with W0010', async () => {
    const settings = new Proxy(
      {},
      {
        get() {
          throw new Error('trap');
        },
        ownKeys() {
          throw new Error('trap');
        },
      },
    );
    await expect(createFakeServer(settings)).rejects.toMatchObject({ code: 'W0010' });
  });
});
