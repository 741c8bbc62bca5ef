import { describe, expect, it, vi } from 'vitest';
import {
  createBedrockProvider,
  ProviderFailure,
  StandinError,
  type BedrockProviderSettings,
  type ReplyRequest,
} from '../../../../src/index.js';
import {
  awsError,
  eventStream,
  exceptionFrame,
  frame,
  joined,
  messageStart,
  messageStop,
  metadata,
  reasoningBlock,
  sigV4,
  textBlock,
  textStream,
  toolBlock,
} from '../loopback/bedrockWire.js';
import { callContext as baseContext, failure, parts } from '../loopback/callContext.js';
import { json, raw, type LoopbackServer } from '../loopback/LoopbackServer.js';
import { useLoopback } from '../loopback/useLoopback.js';

let server: LoopbackServer;
useLoopback((started) => (server = started));

const ACCESS = 'AKIATESTACCESSKEY0001';
const SECRET = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYSECRETKEY';
const TOKEN = 'FwoGZXIvYXdzEBYaDSESSIONTOKENabcdef';
const STREAM = '/model/test-model/converse-stream';
const ask: ReplyRequest = { model: 'test-model', messages: [{ role: 'user', content: 'Hello' }] };
const keys = { region: 'us-east-1', accessKeyId: ACCESS, secretAccessKey: SECRET };
const provider = (settings: BedrockProviderSettings = {}) =>
  createBedrockProvider({ baseURL: server.url(), ...keys, ...settings });
const callContext: typeof baseContext = (overrides = {}) =>
  baseContext({ provider: 'bedrock', apiKey: undefined, ...overrides });
const sentBody = (path = STREAM, n = 0): Record<string, unknown> =>
  JSON.parse(server.at(path)[n]!.body.toString('utf8')) as Record<string, unknown>;

async function failed(promise: Promise<unknown>): Promise<ProviderFailure> {
  const error = await failure(promise);
  expect(error).toBeInstanceOf(ProviderFailure);
  return error as ProviderFailure;
}

describe('BedrockProvider', () => {
  it('is a real adapter', () => {
    expect(provider().real).toBe(true);
  });

  describe('.reply', () => {
    it('sends the Converse request: system, toolUse and toolResult blocks, same-role turns joined, toolConfig, inferenceConfig', async () => {
      server.on(STREAM, eventStream(textStream(['Hi'])));
      const input = { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] };
      const request: ReplyRequest = {
        model: 'test-model',
        instructions: 'Be brief.',
        messages: [
          { role: 'user', content: 'Weather in Paris and Oslo?' },
          {
            role: 'assistant',
            content: 'Looking.',
            calls: [
              { id: 't1', tool: 'weather', with: { city: 'Paris' } },
              { id: 't2', tool: 'weather', with: { city: 'Oslo' } },
            ],
          },
          {
            role: 'tool',
            results: [
              { id: 't1', tool: 'weather', output: { sky: 'clear' } },
              { id: 't2', tool: 'weather', error: 'Oslo is not covered.' },
            ],
          },
          { role: 'user', content: 'And tomorrow?' },
        ],
        tools: [{ name: 'weather', description: 'The weather in a city.', input }],
        settings: { maxOutputTokens: 300, temperature: 0.2, toolChoice: 'required', stopSequences: ['END'] },
      };
      await parts(provider().reply(request, callContext()));
      expect(sentBody()).toEqual({
        messages: [
          { role: 'user', content: [{ text: 'Weather in Paris and Oslo?' }] },
          {
            role: 'assistant',
            content: [
              { text: 'Looking.' },
              { toolUse: { toolUseId: 't1', name: 'weather', input: { city: 'Paris' } } },
              { toolUse: { toolUseId: 't2', name: 'weather', input: { city: 'Oslo' } } },
            ],
          },
          {
            role: 'user',
            content: [
              { toolResult: { toolUseId: 't1', content: [{ json: { sky: 'clear' } }], status: 'success' } },
              { toolResult: { toolUseId: 't2', content: [{ text: 'Oslo is not covered.' }], status: 'error' } },
              { text: 'And tomorrow?' },
            ],
          },
        ],
        system: [{ text: 'Be brief.' }],
        inferenceConfig: { maxTokens: 300, temperature: 0.2, stopSequences: ['END'] },
        toolConfig: {
          tools: [
            { toolSpec: { name: 'weather', description: 'The weather in a city.', inputSchema: { json: input } } },
          ],
          toolChoice: { any: {} },
        },
      });
    });

    it('asks for a typed value with outputConfig.textFormat, its schema closed, as JSON text', async () => {
      server.on(STREAM, eventStream(textStream(['{"team":', '"billing"}'])));
      const schema = { type: 'object', properties: { team: { type: 'string' } }, required: ['team'] };
      const got = await parts(provider().reply({ ...ask, output: { name: 'triage', schema } }, callContext()));
      expect(sentBody().outputConfig).toEqual({
        textFormat: {
          type: 'json_schema',
          structure: {
            jsonSchema: { schema: JSON.stringify({ ...schema, additionalProperties: false }), name: 'triage' },
          },
        },
      });
      expect(got.filter((part) => part.type === 'value')).toEqual([
        { type: 'value', json: '{"team":' },
        { type: 'value', json: '"billing"}' },
      ]);
    });

    it('posts to the model id URL-encoded, as the AWS SDK does for an ARN or a version', async () => {
      const path = '/model/arn%3Aaws%3Abedrock%3Aus-east-1%3A1%3Ainference-profile%2Fus.nova/converse-stream';
      server.on(path, eventStream(textStream(['Hi'])));
      const model = 'arn:aws:bedrock:us-east-1:1:inference-profile/us.nova';
      await parts(provider().reply({ ...ask, model }, callContext({ model })));
      expect(server.at(path)).toHaveLength(1);
    });

    it('signs with SigV4 for the bedrock service, with the session token, and sends no secret', async () => {
      server.on(STREAM, eventStream(textStream(['Hi'])));
      await parts(provider({ sessionToken: TOKEN, region: 'eu-west-3' }).reply(ask, callContext()));
      const { headers, body } = server.at(STREAM)[0]!;
      expect(headers.authorization).toMatch(sigV4(ACCESS, 'eu-west-3'));
      expect(headers['x-amz-date']).toMatch(/^\d{8}T\d{6}Z$/);
      expect(headers['x-amz-security-token']).toBe(TOKEN);
      expect(headers.accept).toBe('application/vnd.amazon.eventstream');
      expect(JSON.stringify(headers)).not.toContain(SECRET);
      expect(body.toString()).not.toContain(SECRET);
    });

    it("reads the AWS environment variables for AWS's own endpoint", async () => {
      vi.stubEnv('AWS_ACCESS_KEY_ID', ACCESS);
      vi.stubEnv('AWS_SECRET_ACCESS_KEY', SECRET);
      vi.stubEnv('AWS_SESSION_TOKEN', TOKEN);
      vi.stubEnv('AWS_REGION', 'ap-south-1');
      vi.stubEnv('AWS_BEARER_TOKEN_BEDROCK', '');
      server.on(STREAM, eventStream(textStream(['Hi'])));
      const seen: string[] = [];
      const bedrock = createBedrockProvider({
        fetch: (url, init) => {
          seen.push(String(url));
          return fetch(String(url).replace('https://bedrock-runtime.ap-south-1.amazonaws.com', server.url()), init);
        },
      });
      await parts(bedrock.reply(ask, callContext()));
      expect(seen).toEqual([`https://bedrock-runtime.ap-south-1.amazonaws.com${STREAM}`]);
      expect(server.at(STREAM)[0]!.headers.authorization).toMatch(sigV4(ACCESS, 'ap-south-1'));
      expect(server.at(STREAM)[0]!.headers['x-amz-security-token']).toBe(TOKEN);
    });

    it('reads no AWS environment variable for a server outside amazonaws.com: it is called unsigned', async () => {
      vi.stubEnv('AWS_ACCESS_KEY_ID', ACCESS);
      vi.stubEnv('AWS_SECRET_ACCESS_KEY', SECRET);
      server.on(STREAM, eventStream(textStream(['Hi'])));
      await parts(createBedrockProvider({ baseURL: server.url(), region: 'us-east-1' }).reply(ask, callContext()));
      expect(server.at(STREAM)[0]!.headers.authorization).toBeUndefined();
    });

    it('sends a Bedrock API key as authorization: Bearer, unsigned', async () => {
      server.on(STREAM, eventStream(textStream(['Hi'])));
      await parts(provider({ apiKey: 'bedrock-api-key-0123456789' }).reply(ask, callContext()));
      expect(server.at(STREAM)[0]!.headers.authorization).toBe('Bearer bedrock-api-key-0123456789');
    });

    it('rejects with C0026 when an AWS endpoint would be called with no credentials', async () => {
      for (const name of ['AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY', 'AWS_BEARER_TOKEN_BEDROCK'])
        vi.stubEnv(name, '');
      const error = await failure(parts(createBedrockProvider({ region: 'us-east-1' }).reply(ask, callContext())));
      expect(error).toBeInstanceOf(StandinError);
      expect((error as StandinError).code).toBe('C0026');
      expect(error.message).toContain('AWS_ACCESS_KEY_ID');
    });

    it('rejects with C0026 for an access key without its secret', async () => {
      const error = await failure(
        parts(
          createBedrockProvider({ baseURL: server.url(), region: 'us-east-1', accessKeyId: ACCESS }).reply(
            ask,
            callContext(),
          ),
        ),
      );
      expect((error as StandinError).code).toBe('C0026');
      expect(error.message).toContain('no secretAccessKey');
    });

    it('rejects with C0027 when no region is set anywhere', async () => {
      vi.stubEnv('AWS_REGION', '');
      vi.stubEnv('AWS_DEFAULT_REGION', '');
      const error = await failure(
        parts(
          createBedrockProvider({ baseURL: server.url(), accessKeyId: ACCESS, secretAccessKey: SECRET }).reply(
            ask,
            callContext(),
          ),
        ),
      );
      expect((error as StandinError).code).toBe('C0027');
    });

    it('streams text parts, then usage with cached tokens counted in, then the finish', async () => {
      server.on(
        STREAM,
        eventStream([
          messageStart,
          ...textBlock(0, ['Hel', 'lo']),
          messageStop('end_turn'),
          metadata(10, 4, { cacheReadInputTokens: 100, cacheWriteInputTokens: 5 }),
        ]),
      );
      expect(await parts(provider().reply(ask, callContext()))).toEqual([
        { type: 'text', text: 'Hel' },
        { type: 'text', text: 'lo' },
        { type: 'units', tokensIn: 115, tokensOut: 4 },
        { type: 'finish', reason: 'stop' },
      ]);
    });

    it('reads a stream delivered one byte at a time', async () => {
      server.on(STREAM, eventStream(textStream(['Hel', 'lo']), { byteByByte: true }));
      const got = await parts(provider().reply(ask, callContext()));
      expect(got.filter((part) => part.type === 'text').map((part) => part.text)).toEqual(['Hel', 'lo']);
    });

    it('gives reasoning blocks and tool calls, each call whole at its contentBlockStop, and finishes with calls', async () => {
      server.on(
        STREAM,
        eventStream([
          messageStart,
          ...reasoningBlock(0, ['Think', 'ing']),
          ...toolBlock(1, 'tooluse_1', 'lookup', ['{"query":', '"refund"}']),
          ...toolBlock(2, 'tooluse_2', 'escalate', []),
          messageStop('tool_use'),
          metadata(20, 9),
        ]),
      );
      expect(await parts(provider().reply(ask, callContext()))).toEqual([
        { type: 'reasoning', text: 'Think', block: 0 },
        { type: 'reasoning', text: 'ing', block: 0 },
        { type: 'call', call: { id: 'tooluse_1', tool: 'lookup', with: { query: 'refund' } } },
        { type: 'call', call: { id: 'tooluse_2', tool: 'escalate', with: {} } },
        { type: 'units', tokensIn: 20, tokensOut: 9 },
        { type: 'finish', reason: 'calls' },
      ]);
    });

    it('finishes with length at max_tokens', async () => {
      server.on(STREAM, eventStream(textStream(['Once'], [5, 1], 'max_tokens')));
      expect((await parts(provider().reply(ask, callContext()))).at(-1)).toEqual({ type: 'finish', reason: 'length' });
    });

    it('fails with content_filter when a guardrail intervened, and context_length past the window', async () => {
      server.on(STREAM, eventStream(textStream([], [5, 0], 'guardrail_intervened')));
      expect((await failed(parts(provider().reply(ask, callContext())))).kind).toBe('content_filter');
      server.on(STREAM, eventStream(textStream([], [5, 0], 'model_context_window_exceeded')));
      expect((await failed(parts(provider().reply(ask, callContext())))).kind).toBe('context_length');
    });

    it('hands on the parts before an exception message, then fails with the kind its name says', async () => {
      server.on(
        STREAM,
        eventStream([messageStart, ...textBlock(0, ['Hel']), exceptionFrame('throttlingException', 'Too many tokens')]),
      );
      const seen: unknown[] = [];
      const error = await failure(
        (async () => {
          for await (const part of provider().reply(ask, callContext())) seen.push(part);
        })(),
      );
      expect(seen).toEqual([{ type: 'text', text: 'Hel' }]);
      expect(error).toBeInstanceOf(ProviderFailure);
      expect((error as ProviderFailure).kind).toBe('rate_limit');
      expect(error.message).toContain('Too many tokens');
      server.on(STREAM, eventStream([messageStart, exceptionFrame('modelStreamErrorException', 'The model broke')]));
      expect((await failed(parts(provider().reply(ask, callContext())))).kind).toBe('server');
    });

    it.each([
      [429, 'ThrottlingException', 'Too many requests, please wait before trying again.', 'rate_limit'],
      [503, 'ServiceUnavailableException', 'Bedrock is unable to process your request.', 'server'],
      [408, 'ModelTimeoutException', 'Model has timed out in processing the request.', 'timeout'],
      [403, 'AccessDeniedException', 'You do not have access to the model.', 'auth'],
      [400, 'ValidationException', 'The provided model identifier is invalid.', 'bad_request'],
      [400, 'ValidationException', 'Input is too long for requested model.', 'context_length'],
      [424, 'ModelErrorException', 'The model failed to process the request.', 'server'],
      [404, 'ResourceNotFoundException', 'Could not resolve the foundation model.', 'bad_request'],
    ])('maps an HTTP %i %s to a failure of its kind', async (status, type, message, kind) => {
      server.on(STREAM, awsError(status, type, message));
      const error = await failed(parts(provider().reply(ask, callContext())));
      expect({ kind: error.kind, status: error.status, requestId: error.requestId }).toEqual({
        kind,
        status,
        requestId: 'aws-req-err',
      });
      expect(error.message).toContain(type);
      expect(error.message).toContain(message);
    });

    it('keeps a throttling retry hint', async () => {
      server.on(STREAM, awsError(429, 'ThrottlingException', 'Slow down', { 'retry-after': '2' }));
      expect((await failed(parts(provider().reply(ask, callContext())))).retryAfterMs).toBe(2000);
    });

    it('takes the keys, the session token and the signature out of a message that echoes them', async () => {
      let echoed = '';
      server.on(STREAM, (request, response) => {
        echoed = `bad signature ${String(request.headers.authorization)} for ${SECRET} with ${TOKEN}`;
        awsError(403, 'InvalidSignatureException', echoed)(request, response);
      });
      const error = await failed(parts(provider({ sessionToken: TOKEN }).reply(ask, callContext())));
      const signature = /Signature=([0-9a-f]+)/.exec(echoed)![1]!;
      for (const secret of [SECRET, TOKEN, ACCESS, signature]) expect(error.message).not.toContain(secret);
      expect(error.kind).toBe('auth');
    });

    it('fails as malformed when the stream ends before messageStop, or a message does not decode', async () => {
      server.on(STREAM, eventStream([messageStart, ...textBlock(0, ['Hi'])]));
      expect((await failed(parts(provider().reply(ask, callContext())))).message).toContain('messageStop');
      const bytes = joined(textStream(['Hi']));
      bytes[bytes.length - 1]! ^= 0xff;
      server.on(STREAM, raw(200, bytes, { 'content-type': 'application/vnd.amazon.eventstream' }));
      expect((await failed(parts(provider().reply(ask, callContext())))).message).toContain('does not decode');
      server.on(
        STREAM,
        raw(200, joined(textStream(['Hi'])).subarray(0, 30), { 'content-type': 'application/vnd.amazon.eventstream' }),
      );
      expect((await failed(parts(provider().reply(ask, callContext())))).message).toContain(
        'inside an event-stream message',
      );
    });

    it('refuses a message past maxEventBytes before holding it, naming the setting', async () => {
      server.on(
        STREAM,
        eventStream([
          messageStart,
          frame('contentBlockDelta', { contentBlockIndex: 0, delta: { text: 'x'.repeat(5000) } }),
        ]),
      );
      const error = await failed(parts(provider({ maxEventBytes: 1024 }).reply(ask, callContext())));
      expect(error.kind).toBe('unknown');
      expect(error.message).toContain('maxEventBytes');
    });

    it('fails as the error a JSON body reports in place of the stream', async () => {
      server.on(STREAM, json(200, { message: 'Too many requests', type: 'ThrottlingException' }));
      expect((await failed(parts(provider().reply(ask, callContext())))).kind).toBe('rate_limit');
    });

    it('asks Converse for the reply whole with stream: false', async () => {
      server.on(
        '/model/test-model/converse',
        json(200, {
          output: {
            message: {
              role: 'assistant',
              content: [
                { reasoningContent: { reasoningText: { text: 'Hmm', signature: 's' } } },
                { text: 'Let me look.' },
                { toolUse: { toolUseId: 'tu1', name: 'lookup', input: { query: 'refund' } } },
              ],
            },
          },
          stopReason: 'tool_use',
          usage: { inputTokens: 7, outputTokens: 5, totalTokens: 12 },
          metrics: { latencyMs: 30 },
        }),
      );
      expect(await parts(provider({ stream: false }).reply(ask, callContext()))).toEqual([
        { type: 'reasoning', text: 'Hmm', block: 0 },
        { type: 'text', text: 'Let me look.' },
        { type: 'call', call: { id: 'tu1', tool: 'lookup', with: { query: 'refund' } } },
        { type: 'units', tokensIn: 7, tokensOut: 5 },
        { type: 'finish', reason: 'calls' },
      ]);
      expect(server.at('/model/test-model/converse')[0]!.headers.accept).toBe('application/json');
    });

    it('refuses a URL image with E0020, and sends image bytes in base64', async () => {
      const url = [{ type: 'image' as const, url: 'https://example.com/a.png' }];
      const error = await failure(
        parts(provider().reply({ ...ask, messages: [{ role: 'user', content: url }] }, callContext())),
      );
      expect((error as StandinError).code).toBe('E0020');
      server.on(STREAM, eventStream(textStream(['Hi'])));
      const bytes = new Uint8Array([1, 2, 3]);
      const content = [{ type: 'image' as const, bytes, mediaType: 'image/png' }];
      await parts(provider().reply({ ...ask, messages: [{ role: 'user', content }] }, callContext()));
      expect(sentBody().messages).toEqual([
        { role: 'user', content: [{ image: { format: 'png', source: { bytes: 'AQID' } } }] },
      ]);
    });
  });
});

describe('createBedrockProvider', () => {
  it('throws P0004 naming a bad setting', () => {
    expect(() => createBedrockProvider({ region: 'US East' })).toThrow(/P0004[\s\S]*settings\.region/);
  });
});
