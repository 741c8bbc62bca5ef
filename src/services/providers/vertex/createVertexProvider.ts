import { makeAdapter, type AdapterOf } from '../http/realAdapters.js';
import type { VertexProviderSettings } from './VertexProviderSettings.js';

/**
 * Makes the Vertex AI adapter: Gemini models on a Google Cloud project (`streamGenerateContent` over server-sent
 * events, `embedContent`, an Imagen model's `predict`), as the Gemini adapter speaks them, on Node's `fetch`. Each
 * call sends a bearer token from `token`, else from Google's application-default credentials (the optional peer
 * `google-auth-library`, loaded on the first such call, `C0025` when it is missing), or with `apiKey` calls express
 * mode. A provider named `vertex`, or any provider with `adapter: 'vertex'`, gets one from the config. Throws `P0004`
 * when a setting is wrong.
 *
 * @example
 * ```ts
 * const vertex = createVertexProvider({ project: 'help-desk-prod', location: 'europe-west4' });
 * const engine = createEngine({
 *   models: { writer: { provider: 'vertex', model: 'gemini-2.5-flash' } },
 *   makers: { providers: () => ({ vertex }) },
 * });
 * ```
 */
export function createVertexProvider(settings: VertexProviderSettings = {}): AdapterOf<'vertex'> {
  return makeAdapter('vertex', settings, 'settings');
}
