import { describe, expect, it } from 'vitest';
import { code } from '../../../src/index.js';
import { caught, helpdesk, makeApp } from './fixtures.js';

describe('app.fake(model, answers, agent)', () => {
  describe("checks each call's `with` against the agent's tool input shapes", () => {
    it('fails a list with T0045 when the fake is made, naming the answer, the path and the tool', async () => {
      const { agent } = helpdesk();
      const error = await caught(() =>
        makeApp().fake(
          'writer',
          [{ calls: [{ tool: 'findInGuide', with: { word: 'reset' } }] }, { text: 'ok' }],
          agent,
        ),
      );
      expect(error.code).toBe(code.T0045);
      expect(error.message).toContain(
        "answers[0].calls[0] asks for the tool 'findInGuide' with an input that does not fit",
      );
      expect(error.message).toContain('answers[0].calls[0].with.words');
    });

    it('accepts a list whose calls fit', () => {
      const { agent } = helpdesk();
      expect(() =>
        makeApp().fake(
          'writer',
          [{ calls: [{ tool: 'findInGuide', with: { words: 'reset' } }] }, { text: 'ok' }],
          agent,
        ),
      ).not.toThrow();
    });

    it("fails a function's answer with T0045 when the call comes, naming the step", async () => {
      const { agent, asked } = helpdesk();
      const app = makeApp();
      app.fake('writer', () => ({ calls: [{ tool: 'findInGuide', with: { words: 7 } }] }), agent);
      const error = await caught(() => app.run(agent, 'q', { runId: 'r' }));
      expect(error.code).toBe(code.T0045);
      expect(error.message).toContain("at step 'r#0'");
      expect(asked).toEqual([]);
    });
  });
});
