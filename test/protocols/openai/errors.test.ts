import { describe, expect, it } from 'vitest';
import { failureAnswer, failureKindOf } from '../../../src/protocols/failures.js';
import { openaiError, openaiErrorBody, openaiFailures } from '../../../src/protocols/openai/openaiErrors.js';
import type { FailureKind } from '../../../src/services/spec/failures.js';
import { fixture, fixtures } from '../../support/fixtures.js';
import { kindRead } from '../kindRead.js';

const kinds = Object.keys(openaiFailures) as Exclude<FailureKind, 'network'>[];

describe("OpenAI's errors, both ways", () => {
  it.each(kinds)('reads the kind %s back from the answer its row makes', (kind) => {
    const answer = failureAnswer(openaiFailures, kind, 1500);
    if (answer === 'drop') throw new Error('only network drops');
    expect(failureKindOf(openaiFailures, answer)).toBe(kind);
  });

  it.each(kinds)('reads the kind %s back from the error body the wire server writes for it', (kind) => {
    const answer = failureAnswer(openaiFailures, kind, 1500);
    if (answer === 'drop') throw new Error('only network drops');
    const body = openaiErrorBody(answer.message, answer);
    expect(openaiError.parse(body)).toEqual(body);
    expect(kindRead(openaiFailures, answer.status, JSON.parse(JSON.stringify(body)))).toBe(kind);
  });

  it('drops the connection for a network failure', () => {
    expect(failureAnswer(openaiFailures, 'network')).toBe('drop');
  });

  it.each(fixtures('openai/errors'))('parses the documented error body %s', (path) => {
    expect(openaiError.safeParse(fixture(path)).success).toBe(true);
  });

  it('reads the documented error bodies as their kinds', () => {
    const read = (name: string, status: number) =>
      kindRead(openaiFailures, status, fixture(`openai/errors/${name}.json`));
    expect(read('invalid_api_key', 401)).toBe('auth');
    expect(read('rate_limit_exceeded', 429)).toBe('rate_limit');
    expect(read('insufficient_quota', 429)).toBe('auth');
    expect(read('context_length_exceeded', 400)).toBe('context_length');
    expect(read('model_not_found', 404)).toBe('bad_request');
    expect(read('server_error', 500)).toBe('server');
    expect(read('content_policy_violation', 400)).toBe('content_filter');
  });
});
