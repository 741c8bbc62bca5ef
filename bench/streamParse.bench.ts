import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import OpenAI from 'openai';
import { createOpenAIProvider, type CallContext, type ReplyRequest } from '../src/index.js';
import { compare, formatNs, report } from './harness.js';

/** How many content tokens the streamed completion holds. */
const TOKENS = 20_000;
/** The server writes the body in slices of this many bytes, as a busy server's TCP segments come. */
const SLICE = 16 * 1024;

/** The exact bytes of a 20,000-token streamed chat completion, as OpenAI sends it. */
function completion(): Buffer {
  const head = {
    id: 'chatcmpl-bench',
    object: 'chat.completion.chunk',
    created: 1764400000,
    model: 'gpt-4.1-mini-2025-04-14',
    service_tier: 'default',
    system_fingerprint: 'fp_bench01',
  };
  const event = (delta: Record<string, unknown>, finish: string | null): string =>
    `data: ${JSON.stringify({ ...head, choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }], usage: null, obfuscation: 'aZ9x' })}\n\n`;
  const words = [
    'The',
    ' quick',
    ' brown',
    ' fox',
    ' jumps',
    ' over',
    ' the',
    ' lazy',
    ' dog',
    '.',
    ' Grüße',
    ' 😀',
    '\n',
  ];
  const parts = [event({ role: 'assistant', content: '', refusal: null }, null)];
  for (let i = 0; i < TOKENS; i++) parts.push(event({ content: words[i % words.length] }, null));
  parts.push(event({}, 'stop'));
  parts.push(
    `data: ${JSON.stringify({ ...head, choices: [], usage: { prompt_tokens: 25, completion_tokens: TOKENS, total_tokens: TOKENS + 25 } })}\n\n`,
  );
  parts.push('data: [DONE]\n\n');
  return Buffer.from(parts.join(''), 'utf8');
}

async function serve(body: Buffer): Promise<Server> {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'x-request-id': 'req_bench' });
      res.on('error', () => undefined);
      let at = 0;
      const pump = (): void => {
        while (at < body.length && !res.destroyed) {
          const slice = body.subarray(at, at + SLICE);
          at += slice.length;
          if (!res.write(slice)) {
            res.once('drain', pump);
            return;
          }
        }
        if (!res.destroyed) res.end();
      };
      pump();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

export default async function streamParse(): Promise<void> {
  const server = await serve(completion());
  const baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  const adapter = createOpenAIProvider({ baseURL, apiKey: 'sk-bench' });
  const sdk = new OpenAI({ baseURL, apiKey: 'sk-bench', maxRetries: 0 });
  const request: ReplyRequest = {
    model: 'gpt-4.1-mini',
    messages: [{ role: 'user', content: 'Write 20,000 tokens.' }],
  };
  const context = (): CallContext => ({
    modelName: 'writer',
    model: 'gpt-4.1-mini',
    provider: 'openai',
    apiKey: 'sk-bench',
    signal: new AbortController().signal,
    requestId: 'bench',

    scope: '',
    stepKey: 'call:bench',
    attempt: 1,
    output: undefined,
  });
  const sdkStream = () =>
    sdk.chat.completions.create({
      model: 'gpt-4.1-mini',
      messages: [{ role: 'user', content: 'Write 20,000 tokens.' }],
      stream: true,
      stream_options: { include_usage: true },
    });

  // Both readers must see every token, or the comparison means nothing.
  const check = { adapter: 0, sdk: 0 };
  const viaAdapter = async (): Promise<void> => {
    let tokens = 0;
    for await (const part of adapter.reply(request, context())) if (part.type === 'text') tokens++;
    check.adapter = tokens;
  };
  const viaSdk = async (): Promise<void> => {
    let tokens = 0;
    for await (const chunk of await sdkStream()) if (chunk.choices[0]?.delta.content) tokens++;
    check.sdk = tokens;
  };
  const firstViaAdapter = async (): Promise<void> => {
    const parts = adapter.reply(request, context())[Symbol.asyncIterator]();
    await parts.next();
    await parts.return?.();
  };
  const firstViaSdk = async (): Promise<void> => {
    for await (const chunk of await sdkStream()) if (chunk.choices[0]?.delta.content) break;
  };

  const [ours, theirs] = await compare(
    [
      { name: 'openai adapter (createOpenAIProvider)', fn: viaAdapter },
      { name: 'official openai SDK 7.59.0', fn: viaSdk },
    ],
    { budgetMs: 6_000, rounds: 12 },
  );
  if (check.adapter !== TOKENS || check.sdk !== TOKENS)
    throw new Error(`token counts differ: adapter ${check.adapter}, SDK ${check.sdk}, sent ${TOKENS}`);
  const [first, firstSdk] = await compare(
    [
      { name: 'openai adapter: first part', fn: firstViaAdapter },
      { name: 'openai SDK: first content chunk', fn: firstViaSdk },
    ],
    { budgetMs: 2_000, rounds: 12 },
  );
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));

  const rate = (ns: number): string => `${Math.round(TOKENS / (ns / 1e9)).toLocaleString('en-US')} tokens/s`;
  const speedup = theirs!.medianNs / ours!.medianNs;
  const ttfp = first!.medianNs / firstSdk!.medianNs;
  report(`Stream parsing: a ${TOKENS.toLocaleString('en-US')}-token streamed chat completion from a loopback server`, [
    {
      label: 'throughput, openai adapter',
      value: `${rate(ours!.medianNs)} (${formatNs(ours!.medianNs)} per stream)`,
      baseline: `${rate(theirs!.medianNs)} (${formatNs(theirs!.medianNs)} per stream, official openai SDK)`,
      ratio: `${speedup.toFixed(2)}x the SDK's throughput`,
      target: '>= 1.5x',
      met: speedup >= 1.5,
    },
    {
      label: 'time to first part, openai adapter',
      value: formatNs(first!.medianNs),
      baseline: `${formatNs(firstSdk!.medianNs)} (official openai SDK, first chunk with content)`,
      ratio: `${ttfp.toFixed(2)}x the SDK's time`,
      target: '<= 1.0x (no worse)',
      met: ttfp <= 1.0,
    },
  ]);
}
