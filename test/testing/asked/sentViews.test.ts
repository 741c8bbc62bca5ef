import { describe, expect, it } from 'vitest';
import { replies, toolCalls, toolResults } from 'standin/testing';
import { ask, helpdesk } from './helpdesk.js';

describe('the views of sent', () => {
  describe('replies', () => {
    it('gives the reply requests in order, and leaves other calls out', async () => {
      const { app, writer } = helpdesk();
      await ask(app);
      const requests = replies([...writer.sent, { call: 'speak', input: 'Hello' }]);
      expect(requests.map((request) => request.instructions)).toEqual([
        'You answer for the technical team.',
        'You answer for the technical team.',
      ]);
    });
  });

  describe('toolCalls', () => {
    it('gives each tool call the model asked for once, though every later step carries it again', async () => {
      const { app } = helpdesk();
      const writer = app.fake('writer', [
        { calls: [{ tool: 'findInGuide', with: { words: 'reset a password' } }] },
        { calls: [{ tool: 'findInGuide', with: { words: 'change an email' } }] },
        { text: 'Open Settings.' },
      ]);
      await ask(app);
      expect(toolCalls(writer.sent)).toEqual([
        { id: expect.any(String), tool: 'findInGuide', with: { words: 'reset a password' } },
        { id: expect.any(String), tool: 'findInGuide', with: { words: 'change an email' } },
      ]);
    });
  });

  describe('toolResults', () => {
    it('gives the results a step carried: those after the last assistant message', async () => {
      const { app, writer } = helpdesk();
      await ask(app);
      const [first, second] = replies(writer.sent);
      expect(toolResults(first!)).toEqual([]);
      expect(toolResults(second!)).toEqual([
        { id: expect.any(String), tool: 'findInGuide', output: 'page about reset a password' },
      ]);
    });

    it('gives none for a conversation sent as one string', () => {
      expect(toolResults({ messages: 'Hi' })).toEqual([]);
    });
  });
});
