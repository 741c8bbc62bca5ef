import { describe, expect, it } from 'vitest';
import { normalizeRequest } from '../../../src/fakes/cassettes/normalizeRequest.js';
import { ClassificationQuestion as Q, ClassificationRequest } from '../../../src/index.js';

describe('normalizeRequest', () => {
  it('keeps of a reply the instructions, messages, tool names and input schemas, output schema and model', () => {
    const request = normalizeRequest(
      'reply',
      {
        instructions: 'Be brief.',
        messages: [{ role: 'user', content: 'Hi' }],
        tools: [{ name: 'find', description: 'Finds', input: { type: 'object' } }],
        output: { name: 'value', schema: { type: 'number' } },
      },
      'gpt-test',
    );
    expect(request).toEqual({
      instructions: 'Be brief.',
      messages: [{ role: 'user', content: 'Hi' }],
      tools: [{ name: 'find', input: { type: 'object' } }],
      output: { type: 'number' },
      settings: { model: 'gpt-test' },
    });
  });

  it('keeps audio as its length and hash, not its bytes', () => {
    const request = normalizeRequest('hear', [{ audio: new Uint8Array([1, 2, 3]), kind: 'wav' }], 'whisper-1');
    expect(request).toEqual({
      audio: { bytes: 3, sha256: '039058c6f2c0cb492c533b0a4d14ef77cc0f78abccced5287d84a1a2011cfb81' },
      kind: 'wav',
      settings: { model: 'whisper-1' },
    });
  });

  it('keeps of a classification the state, the questions, and the model and metadata when given', () => {
    const request = new ClassificationRequest({
      state: 'Charged twice.',
      questions: { spam: Q.yesNo('Spam?') },
      metadata: { ticket: 7 },
    });
    const normalized = normalizeRequest('classify', request, undefined);
    expect(normalized).toMatchObject({
      state: 'Charged twice.',
      questions: { spam: { type: 'yesNo', instructions: 'Spam?' } },
      metadata: { ticket: 7 },
    });
    expect(normalized).not.toHaveProperty('model');
    expect(normalized).not.toHaveProperty('settings');
  });
});
