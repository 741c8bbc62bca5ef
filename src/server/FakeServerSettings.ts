import { z } from 'zod';
import type { TestApp } from '../testing/TestApp.js';
import { lazySchema } from '../validation/lazySchema.js';
import type { Scripts } from './scriptsSchema.js';
import type { ChaosSettings } from '../fakes/chaos/chaosSettings.js';
import type { StandinConfigInput } from '../config/configSchema.js';
import { cassetteModes } from '../fakes/cassettes/cassetteSettings.js';
import type { RecordSettings } from './RecordingApps.js';

export type { Chaos } from '../fakes/chaos/Chaos.js';
export type { ChaosSettings, RecordSettings };

/**
 * How a wire server is made: what it serves, where it listens, its limits.
 *
 * @example
 * ```ts
 * const settings: FakeServerSettings = { scripts: { models: { 'gpt-4.1-mini': [{ text: 'Hello!' }] } } };
 * ```
 */
export interface FakeServerSettings {
  /**
   * Serve this test app's fakes (`app.fake(...)`) and cassette, by the model ids its config names. Left out, the server
   * scripts its own app.
   */
  readonly app?: TestApp | undefined;
  /**
   * Record to this cassette: every request is answered by the provider `config` names for it, through standin's real
   * adapter, kept in the cassette (written after each recorded request) and answered in the client's dialect. A path
   * records in `'record-missing'` mode; `{ path, mode, redact }` chooses. Needs `config`; takes no `app` nor `scripts`.
   */
  readonly record?: string | RecordSettings | undefined;
  /**
   * The config a recording server's app is made from (`createApp`'s). Each provider that gives no `apiKey` takes its
   * adapter's environment variable (`OPENAI_API_KEY`, `ANTHROPIC_API_KEY`, ...): a client's key is never sent on.
   */
  readonly config?: StandinConfigInput | undefined;
  /** Scripts to start with: answers per model id, and a classifier script. */
  readonly scripts?: Scripts | undefined;
  /** The address to listen on: `127.0.0.1` unless another is asked for. */
  readonly host?: string | undefined;
  /** The port: 0 (the default) takes a free one. */
  readonly port?: number | undefined;
  /** The control API's token (16 to 200 characters): else `STANDIN_TOKEN`, else a random one. */
  readonly token?: string | undefined;
  /** The largest request body read, in bytes: 25 MiB by default. */
  readonly bodyLimit?: number | undefined;
  /**
   * How long a response waits for a client that takes nothing of it (its socket does not drain) before the connection
   * is closed, in ms: 30,000 by default.
   */
  readonly writeTimeoutMs?: number | undefined;
  /** How many requests `sent` keeps, the oldest dropped first: 10,000 by default. */
  readonly sentLimit?: number | undefined;
  /**
   * How many bytes of request bodies `sent` keeps, the oldest dropped first (the newest is always kept): 64 MiB by
   * default.
   */
  readonly sentBytes?: number | undefined;
  /** Seeded chaos over the served models from the start, as `server.chaos(settings)` lays it (`T0090`-`T0094`). */
  readonly chaos?: ChaosSettings | undefined;
  /** How many MCP sessions (scripted MCP servers' clients) may live at once: 100 by default. */
  readonly mcpSessions?: number | undefined;
  /** How long an MCP session may sit unused before it is closed, in ms: 600,000 (10 minutes) by default. */
  readonly mcpIdleMs?: number | undefined;
}

/** The shape of {@link FakeServerSettings}. */
export const settingsSchema = lazySchema(() =>
  z.strictObject({
    app: z
      .custom<TestApp>(
        (value) => typeof value === 'object' && value !== null && typeof (value as TestApp).fake === 'function',
        { message: 'a test app from createTestApp' },
      )
      .optional(),
    record: z
      .union([
        z.string().min(1),
        z.strictObject({
          path: z.string().min(1),
          mode: z.enum(cassetteModes).optional(),
          redact: z.function().optional(),
          // The cassette's own settings check what these hold.
          timing: z.unknown().optional(),
          pace: z.unknown().optional(),
        }),
      ])
      .optional(),
    config: z.custom<StandinConfigInput>((value) => typeof value === 'object' && value !== null).optional(),
    scripts: z.unknown().optional(),
    host: z.string().min(1).optional(),
    port: z.number().int().min(0).max(65_535).optional(),
    token: z.string().min(16).max(200).optional(),
    bodyLimit: z.number().int().min(1024).optional(),
    writeTimeoutMs: z.number().int().min(1).max(3_600_000).optional(),
    sentLimit: z.number().int().min(0).optional(),
    sentBytes: z.number().int().min(0).optional(),
    chaos: z.unknown().optional(),
    mcpSessions: z.number().int().min(1).max(100_000).optional(),
    mcpIdleMs: z.number().int().min(1000).max(86_400_000).optional(),
  }),
);
