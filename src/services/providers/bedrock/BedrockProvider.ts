import { bedrockFailures } from '../../../protocols/bedrock/bedrockFailures.js';
import { checkContext } from '../http/checkContext.js';
import type { Exchange } from '../http/Exchange.js';
import { limitsOf, type Limits } from '../http/limits.js';
import { Redactor } from '../http/redact.js';
import { requestFault } from '../http/requestFault.js';
import { wireJson } from '../http/wireJson.js';
import type { CallContext, Provider, ReplyPart, ReplyRequest } from '../../spec/Provider.js';
import { awsAccess } from './awsAccess.js';
import type { BedrockProviderSettings } from './BedrockProviderSettings.js';

/** Ten minutes, as the AWS SDK's own clients wait for a model. */
const DEFAULT_TIMEOUT_MS = 600_000;

/**
 * The Bedrock adapter: ConverseStream read as the AWS event stream (or Converse with `stream: false`), through the
 * Bedrock protocol, signed with SigV4 or a Bedrock API key. One HTTP attempt per call: the engine retries. Made by
 * {@link createBedrockProvider}.
 */
export class BedrockProvider implements Provider {
  readonly real = true;
  readonly #settings: BedrockProviderSettings;
  readonly #limits: Limits;
  readonly #fetch: typeof globalThis.fetch;
  /** Every configured secret: the keys, the session token and each header value, masked in every message. */
  readonly #secrets: readonly (string | undefined)[];

  constructor(settings: BedrockProviderSettings) {
    this.#settings = settings;
    this.#limits = limitsOf(settings);
    this.#fetch = settings.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.#secrets = [
      settings.apiKey,
      settings.accessKeyId,
      settings.secretAccessKey,
      settings.sessionToken,
      ...Object.values(settings.headers ?? {}),
    ];
  }

  /** ConverseStream (or Converse, with `stream: false`): the reply's parts as they arrive. */
  async *reply(request: ReplyRequest, context: CallContext): AsyncGenerator<ReplyPart, void, undefined> {
    checkContext(context, "Bedrock adapter's reply");
    const streamed = this.#settings.stream !== false;
    // The wire format loads with the first reply: a program that never calls Bedrock never reads it.
    const [{ writeConverse }, read] = await Promise.all([
      import('../../../protocols/bedrock/converseRequest.js'),
      streamed ? import('./readStream.js') : import('./readWhole.js'),
    ]);
    const extras = {
      body: { ...this.#settings.body, ...request.settings?.providerOptions?.[context.provider] },
      maxTokens: this.#settings.maxTokens,
    };
    let body: string;
    try {
      body = wireJson(writeConverse(request, extras), 'The request');
    } catch (error) {
      throw requestFault(error, 'Bedrock Converse');
    }
    const path = `/model/${encodeURIComponent(request.model)}/${streamed ? 'converse-stream' : 'converse'}`;
    const accept = streamed ? 'application/vnd.amazon.eventstream' : 'application/json';
    const { exchange, url, headers } = await this.#open(context, path, body, accept);
    try {
      const response = await exchange.send(url, { method: 'POST', headers, body });
      yield* read.parts(response, exchange, this.#limits, request.output !== undefined);
    } finally {
      exchange.close();
    }
  }

  /** Starts one call's exchange and writes its headers, signed when it has AWS credentials. */
  async #open(
    context: CallContext,
    path: string,
    body: string,
    accept: string,
  ): Promise<{ exchange: Exchange; url: string; headers: Record<string, string> }> {
    const access = awsAccess(this.#settings, context.provider, context.apiKey);
    const url = access.base + path;
    let headers: Record<string, string> = { accept, 'content-type': 'application/json' };
    for (const [name, value] of Object.entries(this.#settings.headers ?? {})) headers[name.toLowerCase()] = value;
    if (access.apiKey !== undefined) headers.authorization = `Bearer ${access.apiKey}`;
    else if (access.credentials !== undefined) {
      const { signedHeaders } = await import('./signedHeaders.js');
      headers = await signedHeaders(url, headers, body, access.credentials, access.region);
    }
    const secrets = [
      ...this.#secrets,
      context.apiKey,
      access.apiKey,
      access.credentials?.accessKeyId,
      access.credentials?.secretAccessKey,
      access.credentials?.sessionToken,
      // A signature is good for minutes: a server that echoes the authorization header must not put it in a message.
      /Signature=([0-9a-f]+)/.exec(headers.authorization ?? '')?.[1],
    ];
    const { Exchange } = await import('../http/Exchange.js');
    const exchange = new Exchange({
      provider: context.provider,
      signal: context.signal,
      timeoutMs: this.#settings.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      key: access.apiKey ?? access.credentials?.secretAccessKey,
      redactor: new Redactor(secrets),
      limits: this.#limits,
      fetch: this.#fetch,
      requestIdHeader: 'x-amzn-requestid',
      attempt: context.attempt,
      failures: bedrockFailures,
    });
    return { exchange, url, headers };
  }
}
