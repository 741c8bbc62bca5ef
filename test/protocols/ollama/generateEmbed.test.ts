import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { failureAnswer, failureKindOf } from '../../../src/protocols/failures.js';
import {
  readOllamaEmbed,
  readOllamaEmbeddings,
  writeOllamaEmbed,
  writeOllamaEmbeddings,
} from '../../../src/protocols/ollama/embed.js';
import { readGenerateRequest, writeGenerateRequest } from '../../../src/protocols/ollama/generateRequest.js';
import { ollamaErrorBody, ollamaFailures } from '../../../src/protocols/ollama/ollamaFailures.js';
import { OllamaReplyReader, readWholeAnswer } from '../../../src/protocols/ollama/replyReader.js';
import { OllamaReplyWriter, writeWholeAnswer } from '../../../src/protocols/ollama/replyWriter.js';
import type { WireFault } from '../../../src/protocols/WireFault.js';
import { failureKinds } from '../../../src/errors/ProviderFailure.js';
import type { FailureKind } from '../../../src/services/spec/failures.js';
import type { ReplyPart, ReplyRequest } from '../../../src/services/spec/Provider.js';
import { folded } from '../replyArbitraries.js';

const meta = { model: 'llama3.2', created: 1_700_000_000 };
const words = fc.string({ minLength: 1, maxLength: 40 });
const wire = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

function faultOf(run: () => unknown): WireFault {
  try {
    run();
  } catch (error) {
    return error as WireFault;
  }
  throw new Error('expected a fault, and none was thrown');
}

describe('Ollama /api/generate, both ways', () => {
  it('reads back the one-prompt call it wrote: prompt, system, format, options, stream', () => {
    const request = fc.record(
      {
        model: fc.constant('llama3.2'),
        instructions: words,
        prompt: words,
        output: fc.constant({ name: 'response', schema: { type: 'object' } }),
        settings: fc.record({ temperature: fc.double({ min: 0, max: 2, noNaN: true }), seed: fc.integer() }),
      },
      { requiredKeys: ['model', 'prompt'] },
    );
    fc.assert(
      fc.property(request, fc.boolean(), ({ prompt, ...rest }, stream) => {
        const asked: ReplyRequest = { ...rest, messages: [{ role: 'user', content: prompt }] };
        expect(readGenerateRequest(wire(writeGenerateRequest(asked, stream)))).toEqual({ request: asked, stream });
      }),
    );
  });

  it('cannot send a conversation, and refuses a context from an earlier answer', () => {
    const two: ReplyRequest = {
      model: 'm',
      messages: [
        { role: 'user', content: 'a' },
        { role: 'assistant', content: 'b' },
      ],
    };
    expect(faultOf(() => writeGenerateRequest(two, true)).fault.kind).toBe('cannot_send');
    expect(faultOf(() => readGenerateRequest({ model: 'm', prompt: 'x', context: [1, 2] })).fault).toMatchObject({
      kind: 'refused',
      issue: { path: ['context'] },
    });
  });

  it('reads back the streamed reply it wrote as response lines, and the whole one', () => {
    const parts: ReplyPart[] = [
      { type: 'reasoning', text: 'Hm.', block: 0 },
      { type: 'text', text: 'Hello ' },
      { type: 'text', text: 'there.' },
      { type: 'units', tokensIn: 4, tokensOut: 2 },
      { type: 'finish', reason: 'stop' },
    ];
    const writer = new OllamaReplyWriter('generate', meta);
    const lines = [...parts.flatMap((part) => writer.part(part)), ...writer.end()].join('').trim().split('\n');
    expect(JSON.parse(lines[1]!)).toMatchObject({ response: 'Hello ', done: false });
    const reader = new OllamaReplyReader('generate', false);
    const out: ReplyPart[] = [];
    for (const line of lines) reader.add(line, out);
    reader.end(out);
    expect(folded(out)).toEqual(folded(parts));
    const whole = { text: 'Hello there.', reasoning: ['Hm.'], calls: [], units: { tokensIn: 4, tokensOut: 2 } };
    const text = writeWholeAnswer({ ...whole, finish: 'stop' }, 'generate', meta);
    expect(folded(readWholeAnswer(text, 'generate', false))).toEqual(folded(parts));
  });
});

describe('Ollama /api/embed, both ways', () => {
  const vector = fc.array(
    fc.double({ noNaN: true, noDefaultInfinity: true }).map((n) => (n === 0 ? 0 : n)),
    {
      minLength: 1,
      maxLength: 8,
    },
  );

  it('reads back the texts it wrote, one or many, and the vectors the server wrote', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 30 }), { minLength: 1, maxLength: 4 }), vector, (texts, values) => {
        expect(readOllamaEmbed(wire(writeOllamaEmbed('m', texts)))).toEqual({ model: 'm', texts });
        const vectors = texts.map(() => values);
        expect(readOllamaEmbeddings(JSON.parse(writeOllamaEmbeddings('m', vectors)))).toEqual(vectors);
      }),
    );
  });

  it('refuses dimensions and an empty input, and is a malformed answer without vectors of numbers', () => {
    expect(faultOf(() => readOllamaEmbed({ model: 'm', input: 'x', dimensions: 8 })).fault).toMatchObject({
      issue: { path: ['dimensions'] },
    });
    expect(faultOf(() => readOllamaEmbed({ model: 'm', input: [] })).fault).toMatchObject({
      issue: { path: ['input'] },
    });
    expect(faultOf(() => readOllamaEmbeddings({ embeddings: [[1, 'x']] })).fault.kind).toBe('malformed');
    expect(faultOf(() => readOllamaEmbeddings({ embeddings: [] })).fault.kind).toBe('malformed');
  });
});

describe('ollamaFailures', () => {
  it("reads each kind's answer, a typeless { error } body, back as that kind", () => {
    for (const kind of Object.keys(failureKinds).filter((found) => found !== 'network') as FailureKind[]) {
      const answer = failureAnswer(ollamaFailures, kind, 2000);
      if (answer === 'drop') throw new Error('only network drops');
      const body = ollamaErrorBody(answer.message);
      expect(Object.keys(body)).toEqual(['error']);
      expect(failureKindOf(ollamaFailures, { status: answer.status, message: body.error })).toBe(kind);
    }
  });

  it('says the wait a rate limit asks for, in whole seconds', () => {
    expect(failureAnswer(ollamaFailures, 'rate_limit', 2000)).toMatchObject({
      status: 429,
      message: 'too many requests, retry after 2 seconds',
      headers: { 'retry-after': '2' },
    });
  });
});
