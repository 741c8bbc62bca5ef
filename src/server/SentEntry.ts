/**
 * One request the wire server answered, as `server.sent` and the control API's `sent` hold it:
 * the scope, the endpoint, the model id, the call and what it asked. Never the API key, nor any
 * other header.
 *
 * @example
 * ```ts
 * const entry: SentEntry = { scope: 'test-1', path: '/v1/chat/completions', model: 'gpt-4.1-mini', call: 'reply', input: { messages: [{ role: 'user', content: 'Hi' }] } };
 * ```
 */
export interface SentEntry {
  /** The scope the request ran in; `''` for the default scope. */
  readonly scope: string;
  /** The endpoint's path, such as `/v1/chat/completions`. */
  readonly path: string;
  /** The model id the client sent. */
  readonly model: string;
  /** The call it became: `reply`, `embed`, `hear`, `speak` or `classify`. */
  readonly call: 'reply' | 'embed' | 'hear' | 'speak' | 'classify';
  /** What it asked, as the engine was handed it (audio as its byte count). */
  readonly input: unknown;
}
