import { z } from 'zod';
import { providerConfigSchema } from '../../../config/configSchema.js';
import { httpSettingsExpected, httpSettingsShape, type HttpProviderSettings } from '../http/HttpSettings.js';
import { lazySchema } from '../../../validation/lazySchema.js';

/**
 * The settings of the Bedrock adapter (`createBedrockProvider`). Requests are signed with SigV4
 * from the AWS credentials, or carry a Bedrock API key as `authorization: Bearer`.
 *
 * @example
 * ```ts
 * const settings: BedrockProviderSettings = { region: 'eu-west-1', accessKeyId: 'AKIA…', secretAccessKey: '…' };
 * ```
 */
export interface BedrockProviderSettings extends HttpProviderSettings {
  /**
   * A Bedrock API key, sent as `authorization: Bearer` in place of a signature. Left out, the
   * adapter reads `AWS_BEARER_TOKEN_BEDROCK`, and signs with the AWS credentials when there is none.
   */
  readonly apiKey?: string;
  /**
   * The base URL. Default `https://bedrock-runtime.{region}.amazonaws.com`. A base URL outside
   * `amazonaws.com` reads no AWS environment variable: give its credentials here.
   */
  readonly baseURL?: string;
  /** The AWS region: it names the endpoint and is signed. Default `AWS_REGION`, else `AWS_DEFAULT_REGION`. */
  readonly region?: string;
  /** The AWS access key id. Default `AWS_ACCESS_KEY_ID`. */
  readonly accessKeyId?: string;
  /** The AWS secret access key. Default `AWS_SECRET_ACCESS_KEY`. */
  readonly secretAccessKey?: string;
  /** The session token of temporary credentials. Default `AWS_SESSION_TOKEN` when the keys come from the environment. */
  readonly sessionToken?: string;
  /** The most tokens a reply may have (`inferenceConfig.maxTokens`). Default: the model's own. */
  readonly maxTokens?: number;
  /**
   * `true` (the default) streams replies with ConverseStream; `false` asks Converse for each reply
   * whole, for the models that use tools only there.
   */
  readonly stream?: boolean;
}

/** The zod schema of {@link BedrockProviderSettings}. */
export const bedrockSettingsSchema = lazySchema(() =>
  z.strictObject({
    ...httpSettingsShape(),
    region: providerConfigSchema.shape.region,
    accessKeyId: providerConfigSchema.shape.accessKeyId,
    secretAccessKey: providerConfigSchema.shape.secretAccessKey,
    sessionToken: providerConfigSchema.shape.sessionToken,
    stream: providerConfigSchema.shape.stream,
  }),
);

/** What each field should hold, for `P0004` messages. */
export const bedrockSettingsExpected: Readonly<Record<string, string>> = {
  ...httpSettingsExpected,
  apiKey: 'a Bedrock API key as a non-empty string',
  baseURL: "an absolute http(s) URL, such as 'https://bedrock-runtime.us-east-1.amazonaws.com'",
  region: "an AWS region of lowercase letters, digits and dashes, such as 'us-east-1'",
  accessKeyId: 'the AWS access key id as a non-empty string',
  secretAccessKey: 'the AWS secret access key as a non-empty string',
  sessionToken: 'the session token of temporary credentials as a non-empty string',
  stream: 'true (ConverseStream) or false (Converse)',
};

/** The vendor's own base URL in `region`. */
export function bedrockURL(region: string): string {
  return `https://bedrock-runtime.${region}.amazonaws.com`;
}
