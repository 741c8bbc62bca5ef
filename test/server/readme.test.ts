import { describe, expect, it } from 'vitest';
import { ClassificationQuestion as Q } from 'standin';
import { createFakeServer } from 'standin/server';
import { createTestApp } from 'standin/testing';

describe('docs/wire-server.md: Classifiers', () => {
  it('the classifier example answers as it says', async () => {
    const server = await createFakeServer();
    server.load({ classifier: [{ fail: 'rate_limited', retryAfterMs: 20 }, { answers: { team: 'technical' } }] });
    const app = createTestApp({
      classifier: { provider: 'typesafe' },
      providers: { typesafe: { baseURL: server.url, apiKey: 'scope:ticket-7' } },
    });
    app.allowRealCalls('typesafe');
    const response = await app.classify('The app crashes on start.', {
      team: Q.choice('Which team?', ['billing', 'technical']),
    });
    expect(response.answer('team')?.choice).toBe('technical');
    expect(app.clock.slept).toEqual([20]);
    await server.close();
  });
});
