import { streamText } from 'ai';
import { describe, expect, it } from 'vitest';
import { languageModel } from 'standin/ai-sdk';
import { createTestApp } from 'standin/testing';
import { slotsOf } from '../../../src/fakes/slot/Slots.js';

const config = { models: { writer: { provider: 'anthropic', model: 'claude-test' } } };

/** A chat view's state, as a UI test reads it: the text shown so far and whether the spinner turns. */
interface View {
  shown: string;
  typing: boolean;
}

describe('languageModel', () => {
  describe('with streamText and a held answer', () => {
    it('shows the partial text while the stream holds, and the rest once the gate is released', async () => {
      const app = createTestApp(config);
      app.fake('writer', [{ parts: ['Open Settings', { hold: 'mid' }, ', then Password.'] }]);
      const view: View = { shown: '', typing: true };
      let firstPiece!: () => void;
      const arrived = new Promise<void>((resolve) => (firstPiece = resolve));
      const result = streamText({ model: languageModel(app, 'writer'), prompt: 'How do I reset my password?' });
      const reading = (async () => {
        for await (const piece of result.textStream) {
          view.shown += piece;
          firstPiece();
        }
        view.typing = false;
      })();
      await arrived;
      for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
      expect(view).toEqual({ shown: 'Open Settings', typing: true });
      app.release('mid');
      await reading;
      expect(view).toEqual({ shown: 'Open Settings, then Password.', typing: false });
      expect(await result.finishReason).toBe('stop');
    });

    it("ends the held stream with the AI SDK's abortSignal (a stop button)", async () => {
      const app = createTestApp(config);
      app.fake('writer', [{ parts: ['Open', { hold: 'mid' }, ' Settings'] }]);
      const stop = new AbortController();
      let shown = '';
      const errors: unknown[] = [];
      const result = streamText({
        model: languageModel(app, 'writer'),
        prompt: 'Hi',
        abortSignal: stop.signal,
        onError: ({ error }) => void errors.push(error),
      });
      let firstPiece!: () => void;
      const arrived = new Promise<void>((resolve) => (firstPiece = resolve));
      const reading = (async () => {
        for await (const piece of result.textStream) {
          shown += piece;
          firstPiece();
        }
      })();
      await arrived;
      for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
      expect(slotsOf(app.container).gates.holding).toBe(1);
      stop.abort();
      await reading;
      expect(shown).toBe('Open');
      expect(slotsOf(app.container).gates.holding).toBe(0);
      expect(errors).toEqual([expect.objectContaining({ name: 'AbortError' })]);
    });
  });
});
