import { makeAdapter, type AdapterOf } from '../http/realAdapters.js';
import type { BedrockProviderSettings } from './BedrockProviderSettings.js';

/**
 * Makes the Bedrock adapter: Converse and ConverseStream (the AWS event stream) with tools (`toolUse` / `toolResult`),
 * reasoning, usage and typed values through `outputConfig.textFormat`, signed with SigV4 by `aws4fetch` from the
 * settings' credentials or the AWS environment variables (or sent with a Bedrock API key), on Node's `fetch`.
 * `aws4fetch` is an optional peer, loaded on the first signed call (`C0025` when it is missing); the event stream is
 * read by standin's own codec. A provider named `bedrock`, or any provider with `adapter: 'bedrock'`, gets one from the
 * config. Throws `P0004` when a setting is wrong.
 *
 * @example
 * ```ts
 * const bedrock = createBedrockProvider({ region: 'us-east-1', maxTokens: 2048 });
 * const engine = createEngine({
 *   models: { writer: { provider: 'bedrock', model: 'anthropic.claude-sonnet-4-5-v1:0' } },
 *   makers: { providers: () => ({ bedrock }) },
 * });
 * ```
 */
export function createBedrockProvider(settings: BedrockProviderSettings = {}): AdapterOf<'bedrock'> {
  return makeAdapter('bedrock', settings, 'settings');
}
