import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { StandinError } from '../../../src/index.js';
import { arbitraryScript } from '../../../src/arbitraries.js';
import { createTestApp, type Answer, type TestApp } from '../../../src/testing.js';

const config = { models: { greeter: { provider: 'openai', model: 'gpt-4.1-mini' } } };
const apps: TestApp[] = [];
function makeApp(): TestApp {
  const app = createTestApp(config);
  apps.push(app);
  return app;
}
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.dispose()));
});

/** The application code under test: it reads the first letter of the reply, and so crashes on an empty one. */
async function initial(app: TestApp): Promise<string> {
  const reply = await app.reply('greeter', { messages: 'Say hello.' });
  return reply.text[0]!.toUpperCase();
}

/** The property: `initial` answers, or fails with standin's error for a failing model; it never crashes. */
async function neverCrashes(app: TestApp, script: Answer[]): Promise<void> {
  await app.reset();
  app.fake('greeter', script);
  try {
    await initial(app);
  } catch (error) {
    if (!(error instanceof StandinError)) throw error;
  }
}

/** What fc.assert fails with for the property, run with these settings. */
async function failure(settings: { seed: number; path?: string }): Promise<string> {
  const app = makeApp();
  const property = fc.asyncProperty(arbitraryScript(app, 'greeter', { tools: {} }), (script) =>
    neverCrashes(app, script),
  );
  return fc.assert(property, settings).then(
    () => 'the property held',
    (error: Error) => error.message,
  );
}

const shrunk = "Counterexample: [app.fake('greeter', [\n  { misbehave: 'unknown_tool' },\n])]";

describe('a property over arbitraryScript that fails', () => {
  it('prints the shrunk script as a pasteable app.fake literal, with the seed and path that reproduce it', async () => {
    const message = await failure({ seed: 3 });
    expect(message).toContain('{ seed: 3, path: "0:0:1", endOnFailure: true }');
    expect(message).toContain(shrunk);
  });

  it('fails on the same script again from the printed seed and path', async () => {
    const message = await failure({ seed: 3, path: '0:0:1' });
    expect(message).toContain(shrunk);
  });

  it('crashes the application again with the printed literal pasted into a plain test', async () => {
    const app = makeApp();
    // Pasted as printed above (the formatter leaves it as it is):
    // prettier-ignore
    app.fake('greeter', [
      { misbehave: 'unknown_tool' },
    ]);
    await expect(initial(app)).rejects.toThrow(TypeError);
  });
});
