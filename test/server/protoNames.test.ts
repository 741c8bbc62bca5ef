import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFakeServer, type FakeServer } from '../../src/server.js';

describe('FakeServer', () => {
  let server: FakeServer;
  beforeAll(async () => {
    server = await createFakeServer();
  });
  afterAll(async () => {
    await server.close();
  });

  describe('.load', () => {
    it("refuses a model scripted under '__proto__' (a JSON body can hold the key) with W0008, never drops it", () => {
      const scripts = JSON.parse('{"models": {"__proto__": [{"text": "hi"}]}}') as Parameters<FakeServer['load']>[0];
      expect(() => server.load(scripts)).toThrow(
        expect.objectContaining({
          code: 'W0008',
          message: expect.stringContaining("scripts.models.__proto__: '__proto__' cannot be a model name"),
        }),
      );
    });
  });
});
