import { describe, expect, it, vi } from 'vitest';
import {
  createBedrockProvider,
  ProviderFailure,
  StandinError,
  type BedrockProviderSettings,
  type ReplyPart,
  type ReplyRequest,
} from '../../../../src/index.js';
import { ConverseEventWriter } from '../../../../src/protocols/bedrock/ConverseEventWriter.js';
import { errorFixtures, fixtureBytes, streamFixture, type ErrorFixture } from '../../../support/bedrockFixtures.js';
import { callContext as baseContext, failure, parts } from '../loopback/callContext.js';
import { json, raw, type Handler, type LoopbackServer } from '../loopback/LoopbackServer.js';
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

/** The event-stream messages the protocol's writer makes of `parts`, ending with `messageStop` and `metadata`. */
function streamOf(...given: ReplyPart[]): Uint8Array[] {
  const writer = new ConverseEventWriter();
  return [...given.flatMap((part) => writer.part(part)), ...writer.end()];
}

/** A streamed text answer: its pieces, its units, its finish. */
function textStream(pieces: readonly string[], units: readonly [number, number] = [12, 3]): Uint8Array[] {
  return streamOf(
    ...pieces.map((text): ReplyPart => ({ type: 'text', text })),
    { type: 'units', tokensIn: units[0], tokensOut: units[1] },
    { type: 'finish', reason: 'stop' },
  );
}

/** A stream that ends with the stop reason `stopReason` (one the writer never gives: a guardrail's, a window's). */
function stoppedStream(stopReason: string): Uint8Array[] {
  return [fixtureBytes(streamFixture('messageStart')), fixtureBytes(streamFixture('messageStop'), { stopReason })];
}

function joined(messages: readonly Uint8Array[]): Buffer {
  return Buffer.concat(messages.map((message) => Buffer.from(message)));
}

/** Answers `application/vnd.amazon.eventstream`, each message its own write (or one byte at a time). */
function eventStream(messages: readonly Uint8Array[], options: { byteByByte?: boolean } = {}): Handler {
  return async (_, response) => {
    response.writeHead(200, { 'content-type': 'application/vnd.amazon.eventstream', 'x-amzn-requestid': 'aws-req-1' });
    const pieces = options.byteByByte ? [...joined(messages)].map((byte) => Buffer.of(byte)) : messages;
    for (const piece of pieces) {
      if (response.destroyed) return;
      await new Promise<void>((resolve) => response.write(piece, () => resolve()));
    }
    response.end();
  };
}

/** Answers an AWS error as its fixture holds it, its message replaced when `message` is given. */
function awsError(
  fixture: ErrorFixture,
  message = fixture.body.message,
  headers: Record<string, string> = {},
): Handler {
  return (_, response) => {
    response.writeHead(fixture.status, { ...fixture.headers, ...headers });
    response.end(JSON.stringify({ message }));
  };
}

const errorOf = (shape: string): ErrorFixture => errorFixtures().find((fixture) => fixture.name === shape)!;

/** The shape of a SigV4 authorization header for the `bedrock` service in `region`, signed by `accessKeyId`. */
function sigV4(accessKeyId: string, region: string): RegExp {
  const id = accessKeyId.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(
    `^AWS4-HMAC-SHA256 Credential=${id}/\\d{8}/${region}/bedrock/aws4_request, ` +
      `SignedHeaders=[a-z0-9;-]*host[a-z0-9;-]*x-amz-date[a-z0-9;-]*, Signature=[0-9a-f]{64}$`,
  );
}

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

    it('streams text parts, then usage with cached tokens counted in and apart, then the finish', async () => {
      const text = streamOf({ type: 'text', text: 'Hel' }, { type: 'text', text: 'lo' }).slice(0, -2);
      server.on(
        STREAM,
        eventStream([
          ...text,
          fixtureBytes(streamFixture('messageStop'), { stopReason: 'end_turn' }),
          fixtureBytes(streamFixture('metadata')),
        ]),
      );
      expect(await parts(provider().reply(ask, callContext()))).toEqual([
        { type: 'text', text: 'Hel' },
        { type: 'text', text: 'lo' },
        { type: 'units', tokensIn: 534, tokensOut: 81, cachedIn: 100, cacheWriteIn: 20 },
        { type: 'finish', reason: 'stop' },
      ]);
    });

    it('reads the events of Bedrock’s reference, padding and all, each as the parts it makes', async () => {
      const padded = { p: 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJ' };
      server.on(
        STREAM,
        eventStream([
          fixtureBytes(streamFixture('messageStart'), padded),
          fixtureBytes(streamFixture('contentBlockDelta.text'), padded),
          fixtureBytes(streamFixture('contentBlockStop'), { ...padded, contentBlockIndex: 0 }),
          fixtureBytes(streamFixture('contentBlockStart'), padded),
          fixtureBytes(streamFixture('contentBlockDelta.toolUse'), padded),
          fixtureBytes(streamFixture('contentBlockStop'), padded),
          fixtureBytes(streamFixture('messageStop'), padded),
          fixtureBytes(streamFixture('metadata'), padded),
        ]),
      );
      expect(await parts(provider().reply(ask, callContext()))).toEqual([
        { type: 'text', text: 'I will look up' },
        { type: 'call', call: { id: 'tooluse_kZJMlvQmRJ6eAyJE5GIl7Q', tool: 'top_song', with: { sign: 'WZPZ' } } },
        { type: 'units', tokensIn: 534, tokensOut: 81, cachedIn: 100, cacheWriteIn: 20 },
        { type: 'finish', reason: 'calls' },
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
        eventStream(
          streamOf(
            { type: 'reasoning', text: 'Think', block: 0 },
            { type: 'reasoning', text: 'ing', block: 0 },
            { type: 'call', call: { id: 'tooluse_1', tool: 'lookup', with: { query: 'refund' } } },
            { type: 'call', call: { id: 'tooluse_2', tool: 'escalate', with: {} } },
            { type: 'units', tokensIn: 20, tokensOut: 9 },
            { type: 'finish', reason: 'calls' },
          ),
        ),
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
      server.on(
        STREAM,
        eventStream(
          streamOf(
            { type: 'text', text: 'Once' },
            { type: 'units', tokensIn: 5, tokensOut: 1 },
            { type: 'finish', reason: 'length' },
          ),
        ),
      );
      expect((await parts(provider().reply(ask, callContext()))).at(-1)).toEqual({ type: 'finish', reason: 'length' });
    });

    it('fails with content_filter when a guardrail intervened, and context_length past the window', async () => {
      server.on(STREAM, eventStream(stoppedStream('guardrail_intervened')));
      expect((await failed(parts(provider().reply(ask, callContext())))).kind).toBe('content_filter');
      server.on(STREAM, eventStream(stoppedStream('model_context_window_exceeded')));
      expect((await failed(parts(provider().reply(ask, callContext())))).kind).toBe('context_length');
    });

    it('hands on the parts before an exception message, then fails with the kind its name says', async () => {
      server.on(
        STREAM,
        eventStream([
          ...streamOf({ type: 'text', text: 'Hel' }).slice(0, 2),
          fixtureBytes(streamFixture('throttlingException')),
        ]),
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
      server.on(
        STREAM,
        eventStream([
          fixtureBytes(streamFixture('messageStart')),
          fixtureBytes(streamFixture('modelStreamErrorException')),
        ]),
      );
      expect((await failed(parts(provider().reply(ask, callContext())))).kind).toBe('server');
    });

    const kinds: Readonly<Record<string, string>> = {
      ValidationException: 'bad_request',
      AccessDeniedException: 'auth',
      ResourceNotFoundException: 'bad_request',
      ModelTimeoutException: 'timeout',
      ModelErrorException: 'server',
      ThrottlingException: 'rate_limit',
      InternalServerException: 'server',
      ServiceUnavailableException: 'server',
    };
    it.each(errorFixtures().map((fixture) => [fixture.status, fixture.name, fixture] as const))(
      'maps an HTTP %i %s to a failure of its kind',
      async (status, type, fixture) => {
        server.on(STREAM, awsError(fixture));
        const error = await failed(parts(provider().reply(ask, callContext())));
        expect({ kind: error.kind, status: error.status, requestId: error.requestId }).toEqual({
          kind: kinds[type],
          status,
          requestId: fixture.headers['x-amzn-requestid'],
        });
        expect(error.message).toContain(type);
        expect(error.message).toContain(fixture.body.message);
      },
    );

    it('maps a ValidationException that says the input is too long to context_length', async () => {
      server.on(STREAM, awsError(errorOf('ValidationException'), 'Input is too long for requested model.'));
      expect((await failed(parts(provider().reply(ask, callContext())))).kind).toBe('context_length');
    });

    it('keeps a throttling retry hint', async () => {
      server.on(STREAM, awsError(errorOf('ThrottlingException'), 'Slow down', { 'retry-after': '2' }));
      expect((await failed(parts(provider().reply(ask, callContext())))).retryAfterMs).toBe(2000);
    });

    it('takes the keys, the session token and the signature out of a message that echoes them', async () => {
      let echoed = '';
      server.on(STREAM, (request, response) => {
        echoed = `bad signature ${String(request.headers.authorization)} for ${SECRET} with ${TOKEN}`;
        const fixture = errorOf('AccessDeniedException');
        const headers = { ...fixture.headers, 'x-amzn-errortype': 'InvalidSignatureException' };
        awsError({ ...fixture, headers }, echoed)(request, response);
      });
      const error = await failed(parts(provider({ sessionToken: TOKEN }).reply(ask, callContext())));
      const signature = /Signature=([0-9a-f]+)/.exec(echoed)![1]!;
      for (const secret of [SECRET, TOKEN, ACCESS, signature]) expect(error.message).not.toContain(secret);
      expect(error.kind).toBe('auth');
    });

    it('fails as malformed when the stream ends before messageStop, or a message does not match its checksum', async () => {
      server.on(STREAM, eventStream(textStream(['Hi']).slice(0, -2)));
      expect((await failed(parts(provider().reply(ask, callContext())))).message).toContain('messageStop');
      const bytes = joined(textStream(['Hi']));
      bytes[bytes.length - 1]! ^= 0xff;
      server.on(STREAM, raw(200, bytes, { 'content-type': 'application/vnd.amazon.eventstream' }));
      expect((await failed(parts(provider().reply(ask, callContext())))).message).toContain(
        'does not match its checksum',
      );
      server.on(
        STREAM,
        raw(200, joined(textStream(['Hi'])).subarray(0, 30), { 'content-type': 'application/vnd.amazon.eventstream' }),
      );
      expect((await failed(parts(provider().reply(ask, callContext())))).message).toContain(
        'inside an event-stream message',
      );
    });

    it('refuses a message past maxEventBytes before holding it, naming the setting', async () => {
      server.on(STREAM, eventStream(streamOf({ type: 'text', text: 'x'.repeat(5000) })));
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
