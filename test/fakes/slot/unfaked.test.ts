import { describe, expect, it } from 'vitest';
import { ClassificationQuestion as Q } from '../../../src/index.js';
import { createTestApp } from '../../../src/testing.js';

const config = { models: { writer: { provider: 'openai', model: 'gpt-test' } } };

describe('a call in a scope only other scopes are faked for', () => {
  it('names the scopes the model is faked for and how to fake this one (T0041)', async () => {
    const app = createTestApp(config);
    app.scope('t1').fake('writer', [{ text: 'Hi' }]);
    await expect(app.scope('t2', () => app.reply('writer', { messages: 'hi' }))).rejects.toThrow(
      /T0041: Model 'writer' is faked for scope 't1' only, and was called in scope 't2'\. Fake it for this scope too \(app\.scope\('t2'\)/,
    );
  });

  it("in a request's own scope, tells to send the header naming the scripted scope, not to script that id", async () => {
    const app = createTestApp(config);
    app.scope('t1').fake('writer', [{ text: 'Hi' }]);
    const error = await app.scope('request:3f2a', () => app.reply('writer', { messages: 'hi' })).catch((e) => e);
    expect(error).toMatchObject({ code: 'T0041' });
    expect(error.message).toContain('sent no x-standin-scope header');
    expect(error.message).toContain('x-standin-scope: t1');
    expect(error.message).not.toContain("app.scope('request:3f2a')");
  });

  it('does the same for the classifier (T0042)', async () => {
    const app = createTestApp(config);
    app.scope('t1').fakeClassifier([{ answers: {} }]);
    const questions = { team: Q.choice('Which team?', ['billing', 'technical']) };
    const error = await app.scope('request:9c', () => app.classify('hi', questions)).catch((e) => e);
    expect(error).toMatchObject({ code: 'T0042' });
    expect(error.message).toContain('x-standin-scope: t1');
  });
});
