/**
 * How the model should pick tools: as it sees fit (`auto`), never (`none`), at least one
 * (`required`), or the one named.
 *
 * @example
 * ```ts
 * const choice: ToolChoice = { tool: 'findInGuide' };
 * ```
 */
export type ToolChoice = 'auto' | 'none' | 'required' | { readonly tool: string };

/**
 * Settings of one reply call, sent by every adapter in its provider's wire form and recorded in
 * a fake's `sent`. A setting a provider cannot honour is refused with `E0021`, except where an
 * adapter documents that it drops it (Anthropic drops `seed`: it has no seeded sampling).
 *
 * @example
 * ```ts
 * await app.reply('writer', { messages: 'Name a colour.', settings: { temperature: 0, maxOutputTokens: 20, stopSequences: ['\n'] } });
 * ```
 */
export interface CallSettings {
  /** Sampling temperature, 0 to 2 (Anthropic takes 0 to 1). */
  readonly temperature?: number | undefined;
  /** Nucleus sampling: the probability mass to sample from, 0 to 1. */
  readonly topP?: number | undefined;
  /** The most tokens the reply may have. Over an adapter's `maxTokens` setting for this call. */
  readonly maxOutputTokens?: number | undefined;
  /** Texts that end the reply when the model writes them (OpenAI takes at most 4). */
  readonly stopSequences?: readonly string[] | undefined;
  /** How the model picks tools; a named tool must be one of the call's tools. */
  readonly toolChoice?: ToolChoice | undefined;
  /** A seed for sampling, where the provider has one. */
  readonly seed?: number | undefined;
  /**
   * Options for one provider, keyed by its name in the config: standin's adapters add them to
   * the request body as they are (wire field names); an AI SDK provider (`fromAiSdk`) is handed
   * the whole record as its `providerOptions`.
   */
  readonly providerOptions?: Readonly<Record<string, Readonly<Record<string, unknown>>>> | undefined;
}
