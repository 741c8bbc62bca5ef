import { z } from 'zod';
import { providerConfigSchema } from '../../../config/configSchema.js';
import { httpSettingsExpected, httpSettingsShape, type HttpProviderSettings } from '../http/HttpSettings.js';
import { lazySchema } from '../../../validation/lazySchema.js';

/**
 * The settings of the Vertex AI adapter (`createVertexProvider`): Gemini models on a Google Cloud project's
 * `publishers/google` paths.
 *
 * @example
 * ```ts
 * const settings: VertexProviderSettings = { project: 'help-desk-prod', location: 'europe-west4' };
 * ```
 */
export interface VertexProviderSettings extends HttpProviderSettings {
  /**
   * The host, without a path (the adapter posts to `{baseURL}/v1/projects/{project}/locations/{location}/publishers/
   * google/models/{model}:streamGenerateContent?alt=sse`). Default `https://{location}-aiplatform.googleapis.com`, or
   * `https://aiplatform.googleapis.com` for location `global` and for express mode.
   */
  readonly baseURL?: string;
  /** The Google Cloud project id. Default `GOOGLE_CLOUD_PROJECT`; needed unless an API key calls express mode. */
  readonly project?: string;
  /** The Google Cloud location, such as `'us-central1'` or `'global'`. Default `GOOGLE_CLOUD_LOCATION`, else `'us-central1'`. */
  readonly location?: string;
  /**
   * An API key of Vertex AI express mode, sent as `x-goog-api-key` to `{baseURL}/v1/publishers/google/...` (no project).
   * Left out, the vendor's own host reads `GOOGLE_VERTEX_API_KEY`; with no key the adapter sends a bearer token.
   */
  readonly apiKey?: string;
  /**
   * An OAuth access token for each request, sent as `authorization: Bearer`, waited for at most `timeoutMs`. Left
   * out, Google's application-default credentials give one through the optional peer `google-auth-library`.
   */
  readonly token?: () => string | Promise<string>;
}

/** The zod schema of {@link VertexProviderSettings}. */
export const vertexSettingsSchema = lazySchema(() =>
  z.strictObject({
    ...httpSettingsShape(),
    project: providerConfigSchema.shape.project,
    location: providerConfigSchema.shape.location,
    token: z
      .custom<() => string | Promise<string>>((value) => typeof value === 'function', 'expected a function')
      .optional(),
  }),
);

/** What each field should hold, for `P0004` messages. */
export const vertexSettingsExpected: Readonly<Record<string, string>> = {
  ...httpSettingsExpected,
  baseURL: "the host of the Vertex AI API, such as 'https://us-central1-aiplatform.googleapis.com'",
  apiKey: 'a Vertex AI express mode API key as a non-empty string',
  project: "a Google Cloud project id of lowercase letters, digits and dashes, such as 'help-desk-prod'",
  location: "a Google Cloud location, such as 'us-central1' or 'global'",
  token: 'a function that returns an OAuth access token (or a promise of one)',
};

/** The location a project's requests go to when neither the settings nor `GOOGLE_CLOUD_LOCATION` name one. */
export const VERTEX_LOCATION = 'us-central1';
