import { StandinError } from '../../../errors/StandinError.js';
import { bedrockURL, type BedrockProviderSettings } from './BedrockProviderSettings.js';

/** The AWS credentials a request is signed with. */
export interface AwsCredentials {
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
  readonly sessionToken?: string | undefined;
}

/** How one call reaches Bedrock: where, in which region, and how it proves who it is. */
export interface AwsAccess {
  /** The base URL, without a trailing slash. */
  readonly base: string;
  readonly region: string;
  /** The credentials to sign with; undefined when a Bedrock API key is sent, or nothing is. */
  readonly credentials: AwsCredentials | undefined;
  /** A Bedrock API key, sent as `authorization: Bearer`. */
  readonly apiKey: string | undefined;
}

/**
 * How one call reaches Bedrock: the region (settings, `AWS_REGION`, `AWS_DEFAULT_REGION`, else `C0027`), then the first
 * proof found: an API key, the settings' keys, the environment's keys. The environment is read for AWS's own hosts
 * only, so a local server or gateway never gets a developer's AWS identity; `C0026` when an AWS host would be called
 * with none.
 */
export function awsAccess(settings: BedrockProviderSettings, provider: string, given: string | undefined): AwsAccess {
  const env = process.env;
  const region = settings.region ?? (env.AWS_REGION || undefined) ?? (env.AWS_DEFAULT_REGION || undefined);
  if (region === undefined) {
    throw new StandinError(
      'C0027',
      `Provider '${provider}' (Bedrock) has no AWS region. Set config.providers.${provider}.region, such as ` +
        `'us-east-1', or the environment variable AWS_REGION.`,
    );
  }
  const base = (settings.baseURL ?? bedrockURL(region)).replace(/\/+$/, '');
  const aws = settings.baseURL === undefined || /\.amazonaws\.com(\.cn)?$/i.test(new URL(base).hostname);
  const apiKey = given || settings.apiKey || (aws ? env.AWS_BEARER_TOKEN_BEDROCK || undefined : undefined);
  if (apiKey !== undefined) return { base, region, credentials: undefined, apiKey };
  const { accessKeyId, secretAccessKey, sessionToken } = settings;
  if (accessKeyId !== undefined || secretAccessKey !== undefined) {
    if (accessKeyId === undefined || secretAccessKey === undefined) {
      const has =
        accessKeyId === undefined ? 'a secretAccessKey but no accessKeyId' : 'an accessKeyId but no secretAccessKey';
      throw new StandinError(
        'C0026',
        `Provider '${provider}' (Bedrock) has ${has}. Set both config.providers.${provider}.accessKeyId and ` +
          `secretAccessKey.`,
      );
    }
    return { base, region, credentials: { accessKeyId, secretAccessKey, sessionToken }, apiKey: undefined };
  }
  if (aws && env.AWS_ACCESS_KEY_ID && env.AWS_SECRET_ACCESS_KEY) {
    const credentials = {
      accessKeyId: env.AWS_ACCESS_KEY_ID,
      secretAccessKey: env.AWS_SECRET_ACCESS_KEY,
      sessionToken: env.AWS_SESSION_TOKEN || undefined,
    };
    return { base, region, credentials, apiKey: undefined };
  }
  if (!aws) return { base, region, credentials: undefined, apiKey: undefined };
  throw new StandinError(
    'C0026',
    `Provider '${provider}' (Bedrock) has no AWS credentials. Set config.providers.${provider}.accessKeyId and ` +
      `secretAccessKey (and sessionToken for temporary credentials), the environment variables AWS_ACCESS_KEY_ID ` +
      `and AWS_SECRET_ACCESS_KEY, or a Bedrock API key in apiKey or AWS_BEARER_TOKEN_BEDROCK.`,
  );
}
