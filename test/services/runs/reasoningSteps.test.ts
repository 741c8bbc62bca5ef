import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { tool, type Agent, type StandinConfigInput } from '../../../src/index.js';
import { createTestApp } from '../../../src/testing.js';
import { sseEvent } from '../../../src/protocols/sse.js';
import {
  event,
  messageDelta,
  messageStart,
  messageStop,
  textMessage,
  thinkingBlock,
  toolBlock,
} from '../../support/anthropicStreams.js';
import { KEY } from '../providers/loopback/callContext.js';
import {
  json,
  stream,
  type Handler,
  type LoopbackServer,
  type Received,
} from '../providers/loopback/LoopbackServer.js';
import { useLoopback } from '../providers/loopback/useLoopback.js';

/*
 * A run of two tool steps on a reasoning model, against loopback servers that refuse the second step as each real API
 * does when the model's signed reasoning is missing from it or changed.
 */

let server: LoopbackServer;
useLoopback((started) => (server = started));

const ANTHROPIC = '/v1/messages';
const GEMINI = '/v1beta/models/gemini-test:streamGenerateContent?alt=sse';
const RESPONSES = '/v1/responses';

function app(provider: 'anthropic' | 'gemini' | 'openai') {
  const config: StandinConfigInput = {
    models: {
      anthropic: { provider: 'anthropic', model: 'claude-test' },
      gemini: { provider: 'gemini', model: 'gemini-test' },
      openai: { provider: 'openai', model: 'o4-mini' },
    },
    providers: {
      anthropic: { baseURL: server.url(), apiKey: KEY, body: { thinking: { type: 'enabled', budget_tokens: 1024 } } },
      gemini: { baseURL: server.url('/v1beta'), apiKey: KEY },
      openai: { baseURL: server.url('/v1'), apiKey: KEY, api: 'responses', body: { reasoning: { effort: 'low' } } },
    },
  };
  const made = createTestApp(config);
  made.allowRealCalls();
  return { app: made, agent: agentOn(provider) };
}

const weather = tool({
  description: 'The weather in a city.',
  input: z.object({ city: z.string() }),
  run: ({ city }) => ({ city, sky: 'sunny' }),
});

const agentOn = (model: string): Agent => ({ model, tools: { weather } });

const bodyOf = (request: Received): Record<string, unknown> => JSON.parse(request.body.toString('utf8'));

/** Answers the second step when `missing` finds nothing wrong with it, else the provider's 400. */
function checked(
  missing: (body: Record<string, unknown>) => string | undefined,
  error: (why: string) => unknown,
  then: Handler,
): Handler {
  return (request, response) => {
    const why = missing(bodyOf(request));
    if (why === undefined) return then(request, response);
    return json(400, error(why))(request, response);
  };
}

/** What the provider says to a second step sent without the model's reasoning. */
async function unsigned(model: 'anthropic' | 'gemini' | 'openai', id: string): Promise<string | undefined> {
  const { app: made } = app(model);
  const refused = await made
    .reply(model, {
      messages: [
        { role: 'user', content: 'Weather in Paris?' },
        { role: 'assistant', calls: [{ id, tool: 'weather', with: { city: 'Paris' } }] },
        { role: 'tool', results: [{ id, tool: 'weather', output: { sky: 'sunny' } }] },
      ],
    })
    .then(
      () => undefined,
      (error: Error) => error.message,
    );
  return refused;
}

const anthropicError = (message: string) => ({ type: 'error', error: { type: 'invalid_request_error', message } });

describe('a run of two tool steps with reasoning', () => {
  describe('on Anthropic, extended thinking', () => {
    const first =
      messageStart(20) +
      thinkingBlock(0, ['The user wants ', 'the weather.'], 'sig-thinking') +
      event('content_block_start', { index: 1, content_block: { type: 'redacted_thinking', data: 'enc-redacted' } }) +
      event('content_block_stop', { index: 1 }) +
      toolBlock(2, 'toolu_1', 'weather', ['{"city":"Paris"}']) +
      messageDelta('tool_use', 30) +
      messageStop;

    /** The API's own check: the last assistant turn starts with its thinking, signed and redacted as it came. */
    const missing = (body: Record<string, unknown>): string | undefined => {
      const messages = body.messages as { role: string; content: { type: string; [key: string]: unknown }[] }[];
      const turn = [...messages].reverse().find((message) => message.role === 'assistant');
      const [thinking, redacted, used] = turn?.content ?? [];
      if (thinking?.type !== 'thinking')
        return 'messages.1.content.0.type: Expected `thinking` or `redacted_thinking`, but found `tool_use`.';
      if (thinking.signature !== 'sig-thinking' || thinking.thinking !== 'The user wants the weather.')
        return 'messages.1.content.0: Invalid `signature` in `thinking` block';
      if (redacted?.type !== 'redacted_thinking' || redacted.data !== 'enc-redacted')
        return 'messages.1.content.1: the redacted_thinking block was changed or left out';
      if (used?.type !== 'tool_use') return 'messages.1.content.2: expected the tool_use block';
      return undefined;
    };

    it('sends the signed and the redacted thinking back with the call, and the run ends on the text', async () => {
      server.on(ANTHROPIC, stream(first), checked(missing, anthropicError, stream(textMessage(['Sunny in Paris.']))));
      const { app: made, agent } = app('anthropic');
      const result = await made.run(agent, 'Weather in Paris?');
      expect(result.text).toBe('Sunny in Paris.');
      expect(result.steps[0]!.reply.reasoningBlocks).toEqual([
        { text: 'The user wants the weather.', signature: 'sig-thinking' },
        { text: '', signature: 'enc-redacted', redacted: true },
      ]);
    });

    it('is refused by the same server when the thinking is left out', async () => {
      server.on(ANTHROPIC, checked(missing, anthropicError, stream(textMessage(['Sunny.']))));
      expect(await unsigned('anthropic', 'toolu_1')).toContain('Expected `thinking`');
    });
  });

  describe('on Gemini, thought signatures', () => {
    const chunk = (parts: unknown[], finish?: string): string =>
      `data: ${JSON.stringify({
        candidates: [{ content: { role: 'model', parts }, index: 0, ...(finish ? { finishReason: finish } : {}) }],
        ...(finish ? { usageMetadata: { promptTokenCount: 5, candidatesTokenCount: 5 } } : {}),
      })}\r\n\r\n`;
    const first =
      chunk([{ text: 'Looking up the weather.', thought: true, thoughtSignature: 'sig-thought' }]) +
      chunk([
        { functionCall: { id: 'fc_1', name: 'weather', args: { city: 'Paris' } }, thoughtSignature: 'sig-call' },
      ]) +
      chunk([], 'STOP');
    const answer = chunk([{ text: 'Sunny in Paris.' }], 'STOP');

    /** Gemini's check: the function call part carries the signature the model gave it. */
    const missing = (body: Record<string, unknown>): string | undefined => {
      const contents = body.contents as { role: string; parts: Record<string, unknown>[] }[];
      const parts = [...contents].reverse().find((content) => content.role === 'model')?.parts ?? [];
      const call = parts.find((part) => part.functionCall !== undefined);
      if (call?.thoughtSignature !== 'sig-call')
        return 'Function call is missing a thought_signature in functionCall parts.';
      return undefined;
    };
    const geminiError = (message: string) => ({ error: { code: 400, message, status: 'INVALID_ARGUMENT' } });

    it("sends the call back with the model's own thoughtSignature, and the run ends on the text", async () => {
      server.on(GEMINI, stream(first), checked(missing, geminiError, stream(answer)));
      const { app: made, agent } = app('gemini');
      const result = await made.run(agent, 'Weather in Paris?');
      expect(result.text).toBe('Sunny in Paris.');
      expect(result.steps[0]!.reply.calls[0]).toMatchObject({ id: 'fc_1', signature: 'sig-call' });
      const sent = bodyOf(server.at(GEMINI)[1]!).contents as { parts: Record<string, unknown>[] }[];
      expect(sent[1]!.parts[0]).toEqual({
        text: 'Looking up the weather.',
        thought: true,
        thoughtSignature: 'sig-thought',
      });
    });

    it('is refused by the same server when the signature is left out', async () => {
      server.on(GEMINI, checked(missing, geminiError, stream(answer)));
      expect(await unsigned('gemini', 'fc_1')).toContain('thought_signature');
    });
  });

  describe('on OpenAI Responses, encrypted reasoning', () => {
    let sequence = 0;
    const send = (type: string, data: Record<string, unknown>): string =>
      sseEvent(JSON.stringify({ type, sequence_number: sequence++, ...data }), type);
    const response = (output: unknown[]) => ({
      id: 'resp_1',
      object: 'response',
      status: 'completed',
      model: 'o4-mini',
      output,
      usage: { input_tokens: 10, output_tokens: 20, total_tokens: 30 },
    });
    const reasoning = {
      type: 'reasoning',
      id: 'rs_1',
      summary: [{ type: 'summary_text', text: 'Check the weather.' }],
      encrypted_content: 'enc-reasoning',
    };
    const call = {
      type: 'function_call',
      id: 'fc_1',
      call_id: 'call_1',
      name: 'weather',
      arguments: '{"city":"Paris"}',
    };
    const first = (): string =>
      send('response.created', { response: { ...response([]), status: 'in_progress' } }) +
      send('response.output_item.added', {
        output_index: 0,
        item: { ...reasoning, summary: [], encrypted_content: null },
      }) +
      send('response.reasoning_summary_text.delta', {
        item_id: 'rs_1',
        output_index: 0,
        summary_index: 0,
        delta: 'Check the weather.',
      }) +
      send('response.output_item.done', { output_index: 0, item: reasoning }) +
      send('response.output_item.added', { output_index: 1, item: { ...call, arguments: '' } }) +
      send('response.function_call_arguments.done', { item_id: 'fc_1', output_index: 1, arguments: call.arguments }) +
      send('response.output_item.done', { output_index: 1, item: call }) +
      send('response.completed', { response: response([reasoning, call]) });
    const message = {
      type: 'message',
      id: 'msg_1',
      role: 'assistant',
      content: [{ type: 'output_text', text: 'Sunny in Paris.', annotations: [] }],
    };
    const answer = (): string =>
      send('response.output_item.added', { output_index: 0, item: { ...message, content: [] } }) +
      send('response.output_text.delta', {
        item_id: 'msg_1',
        output_index: 0,
        content_index: 0,
        delta: 'Sunny in Paris.',
      }) +
      send('response.output_item.done', { output_index: 0, item: message }) +
      send('response.completed', { response: response([message]) });

    /** The API's check with nothing stored: the call's reasoning item, whole, comes before it. */
    const missing = (body: Record<string, unknown>): string | undefined => {
      if (!(body.include as string[] | undefined)?.includes('reasoning.encrypted_content'))
        return 'the first step did not ask for reasoning.encrypted_content';
      const input = body.input as Record<string, unknown>[];
      const at = input.findIndex((item) => item.type === 'function_call');
      const item = input[at - 1];
      if (item?.type !== 'reasoning' || item.id !== 'rs_1' || item.encrypted_content !== 'enc-reasoning')
        return "Item 'fc_1' of type 'function_call' was provided without its required 'reasoning' item: 'rs_1'.";
      return undefined;
    };
    const openaiError = (message: string) => ({ error: { message, type: 'invalid_request_error', code: null } });

    it('asks for the encrypted reasoning, sends its item back before the call, and the run ends on the text', async () => {
      server.on(RESPONSES, stream(first()), checked(missing, openaiError, stream(answer())));
      const { app: made, agent } = app('openai');
      const result = await made.run(agent, 'Weather in Paris?');
      expect(result.text).toBe('Sunny in Paris.');
      expect(bodyOf(server.at(RESPONSES)[0]!).include).toEqual(['reasoning.encrypted_content']);
    });

    it('is refused by the same server when the reasoning item is left out', async () => {
      server.on(RESPONSES, checked(missing, openaiError, stream(answer())));
      expect(await unsigned('openai', 'call_1')).toContain("required 'reasoning' item");
    });
  });
});
