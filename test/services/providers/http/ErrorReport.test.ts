import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bodyReport, errorReport } from '../../../../src/services/providers/http/ErrorReport.js';

describe('errorReport', () => {
  it('cuts a message of any size to 2000 characters, and a type or code to 200', () => {
    const report = errorReport({
      error: { message: 'm'.repeat(10_000_000), type: 't'.repeat(5000), code: 'c'.repeat(5000) },
    })!;
    expect(report.message).toBe(`${'m'.repeat(2000)}… (9998000 more characters)`);
    expect(report.type!.length).toBeLessThan(250);
    expect(report.code!.length).toBeLessThan(250);
  });

  it("reads OpenAI's { error: { message, type, code } }", () => {
    expect(
      errorReport({
        error: {
          message: 'Too long',
          type: 'invalid_request_error',
          param: 'messages',
          code: 'context_length_exceeded',
        },
      }),
    ).toEqual({
      message: 'Too long',
      type: 'invalid_request_error',
      code: 'context_length_exceeded',
    });
  });

  it("reads Gemini's { error: { code, message, status } }, its status as the type", () => {
    expect(errorReport({ error: { code: 429, message: 'Quota exceeded.', status: 'RESOURCE_EXHAUSTED' } })).toEqual({
      message: 'Quota exceeded.',
      type: 'RESOURCE_EXHAUSTED',
    });
  });

  it("reads Anthropic's { type: 'error', error: { type, message }, request_id }", () => {
    expect(
      errorReport({ type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' }, request_id: 'req_1' }),
    ).toEqual({
      message: 'Overloaded',
      type: 'overloaded_error',
      requestId: 'req_1',
    });
  });

  it("reads Ollama's { error: 'text' }, vLLM's { message, type, code } and FastAPI's { detail }", () => {
    expect(errorReport({ error: 'model "x" not found' })).toEqual({ message: 'model "x" not found' });
    expect(errorReport({ object: 'error', message: 'bad', type: 'BadRequestError', code: 400 })).toEqual({
      message: 'bad',
      type: 'BadRequestError',
    });
    expect(errorReport({ detail: 'Not authenticated' })).toEqual({ message: 'Not authenticated' });
    expect(errorReport({ detail: { message: 'too long', error_type: 'max_tokens_exceeded' } })).toEqual({
      message: 'too long',
      type: 'max_tokens_exceeded',
    });
  });

  it("reads a FastAPI 422 validation list as 'loc.path: msg; ...'", () => {
    const detail = [
      {
        loc: ['body', 'questions', 'team', 'type'],
        msg: "Input should be 'choice', 'score' or 'noul'",
        type: 'literal_error',
      },
      { loc: ['body', 'state'], msg: 'Field required', type: 'missing' },
      { msg: 'no location' },
      { loc: ['body'], type: 'no message' },
    ];
    expect(errorReport({ detail })).toEqual({
      message:
        "body.questions.team.type: Input should be 'choice', 'score' or 'noul'; body.state: Field required; no location",
    });
    expect(errorReport({ detail: [] })).toBeUndefined();
  });

  it('is undefined for a value without a message', () => {
    expect(errorReport(null)).toBeUndefined();
    expect(errorReport([1])).toBeUndefined();
    expect(errorReport({ ok: true })).toBeUndefined();
  });

  it('never throws, whatever JSON it is given', () => {
    fc.assert(fc.property(fc.jsonValue(), (value) => void errorReport(value)));
  });
});

describe('bodyReport', () => {
  it('quotes a body that is not JSON, whitespace folded, cut at 300 characters', () => {
    expect(bodyReport('<html>\n  <body>Bad   Gateway</body>\n</html>')).toEqual({
      message: '<html> <body>Bad Gateway</body> </html>',
    });
    expect(bodyReport('x'.repeat(400)).message).toHaveLength(301);
  });

  it('says when the body was empty', () => {
    expect(bodyReport('')).toEqual({ message: 'the body was empty' });
  });
});
