import { describe, expect, it } from 'vitest';
import { failureAnswer } from '../../../src/protocols/failures.js';
import {
  openrouterError,
  openrouterErrorBody,
  readOpenRouterFailure,
} from '../../../src/protocols/openrouter/openrouterErrors.js';
import { openrouterFailures } from '../../../src/protocols/openrouter/openrouterFailures.js';
import { openrouterModelList, writeOpenRouterModels } from '../../../src/protocols/openrouter/openrouterModels.js';
import { splitOpenRouterChat } from '../../../src/protocols/openrouter/openrouterRequest.js';
import { WireFault } from '../../../src/protocols/WireFault.js';
import { openrouter } from '../../../src/server/dialects/openrouter/openrouter.js';
import type { FailureKind } from '../../../src/services/spec/failures.js';

const kinds = Object.keys(openrouterFailures) as Exclude<FailureKind, 'network'>[];

describe('readOpenRouterFailure', () => {
  it.each(kinds)('reads the body the dialect writes for a %s failure as that kind', (kind) => {
    const answer = failureAnswer(openrouterFailures, kind);
    if (answer === 'drop') throw new Error('no body for a dropped connection');
    const body = openrouter.errorBody(answer.message, { type: answer.type }, 'request-1', answer.status);
    expect(openrouterError.parse(body).error.code).toBe(answer.status);
    expect(readOpenRouterFailure(answer.status, body)).toBe(kind);
  });

  it("reads an error event's numeric code, with no HTTP status", () => {
    expect(readOpenRouterFailure(undefined, { error: { code: 502, message: 'Provider returned error' } })).toBe(
      'server',
    );
  });

  it("reads the status of a body that is not OpenRouter's error body", () => {
    expect(readOpenRouterFailure(408, 'upstream request timeout')).toBe('timeout');
  });

  it('leaves a 400 in other words to the words every provider shares', () => {
    expect(readOpenRouterFailure(400, openrouterErrorBody(400, 'prompt is too long'))).toBeUndefined();
  });
});

describe('splitOpenRouterChat', () => {
  it("sets OpenRouter's fields aside and leaves OpenAI's chat request", () => {
    const body = {
      model: 'openai/gpt-4o',
      messages: [],
      models: ['x/y'],
      provider: { sort: 'price' },
      usage: { include: true },
    };
    const { extras, chat } = splitOpenRouterChat(body);
    expect(extras).toEqual({ models: ['x/y'], provider: { sort: 'price' }, usage: { include: true } });
    expect(chat).toEqual({ model: 'openai/gpt-4o', messages: [] });
  });

  it('refuses a models list that is no list of ids', () => {
    expect(() => splitOpenRouterChat({ model: 'm', messages: [], models: 'x/y' })).toThrow(WireFault);
  });

  it('leaves a body that is no object whole, for the chat reader to refuse', () => {
    expect(splitOpenRouterChat('hello').chat).toBe('hello');
  });
});

describe('writeOpenRouterModels', () => {
  it("writes OpenRouter's model list, each model free", () => {
    const list = openrouterModelList.parse(JSON.parse(writeOpenRouterModels(['anthropic/claude-sonnet-4.5'])));
    expect(list.data).toMatchObject([{ id: 'anthropic/claude-sonnet-4.5', pricing: { prompt: '0', completion: '0' } }]);
  });
});
