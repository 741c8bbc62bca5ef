/**
 * Which AI services the help desk runs on: the one place that chooses between real providers
 * and the demo's scripted fakes.
 */
import { createApp, type ModelConfig, type ProviderConfig, type StandinConfigInput } from 'standin';
import type { StandinModuleSettings } from 'standin/nest';
import { createTestApp } from 'standin/testing';
import { demoWriter } from './demo/demoWriter.js';
import { exampleTriageModule } from './demo/ExampleTriage.js';
import { writer } from './tickets/writer.js';

/** The AI services the help desk runs on. */
export interface HelpdeskServices {
  /**
   * `'fakes'`: the writer and the classifier are scripted, no key and no network. `'real'`: the
   * writer calls real providers. `'shared'`: they answer from the fakes a Redis namespace shares,
   * scripted by a test in another process.
   */
  readonly mode: 'fakes' | 'real' | 'shared';
  /** What `StandinModule` is given: how to make the app. */
  readonly settings: StandinModuleSettings;
  /** One line saying what answers what, for the console. */
  readonly summary: string;
}

/** The environment the choice reads. */
export interface HelpdeskEnv {
  /** The writer runs on Anthropic when it is set. */
  readonly ANTHROPIC_API_KEY?: string | undefined;
  /** The writer falls back to OpenAI (or runs on it, without an Anthropic key) when it is set. */
  readonly OPENAI_API_KEY?: string | undefined;
  /** With a writer key, tickets are classified by TypeSafe's classifier when it is set. */
  readonly TYPESAFE_API_KEY?: string | undefined;
  /** `1` runs on the fakes whatever keys are set. */
  readonly HELPDESK_FAKES?: string | undefined;
  /** With `HELPDESK_NAMESPACE`: the Redis whose namespace holds the fakes to answer from (`redis://127.0.0.1:6379`). */
  readonly HELPDESK_REDIS_URL?: string | undefined;
  /** With `HELPDESK_REDIS_URL`: the namespace whose shared fakes answer, whatever keys are set. */
  readonly HELPDESK_NAMESPACE?: string | undefined;
}

const anthropic: ModelConfig = { provider: 'anthropic', model: 'claude-sonnet-4-5' };
const openai: ModelConfig = { provider: 'openai', model: 'gpt-4.1-mini' };

/** The Redis URL with its password hidden, for the console. */
function maskedUrl(url: string): string {
  if (!URL.canParse(url)) return '(an unparsable URL)';
  const parsed = new URL(url);
  if (parsed.password !== '') parsed.password = '***';
  return parsed.toString();
}

/** The models the fakes stand in for: the writer on Anthropic, falling back to OpenAI. */
export const demoConfig: StandinConfigInput = {
  models: { writer: { ...anthropic, fallback: ['backup'] }, backup: openai },
};

/**
 * Chooses the help desk's AI services from the environment. With `ANTHROPIC_API_KEY` the writer
 * runs on Anthropic, falling back to OpenAI when `OPENAI_API_KEY` is set too; with only
 * `OPENAI_API_KEY` it runs on OpenAI. With `TYPESAFE_API_KEY` as well, tickets are classified by
 * TypeSafe; without it, by the demo's example triage. The real adapters and the classifier are
 * bound from the config, with the keys of `env`. With no writer key (or `HELPDESK_FAKES=1`) the
 * writer and the classifier are the demo's scripted fakes, in a test app: no key, no network.
 * With `HELPDESK_REDIS_URL` and `HELPDESK_NAMESPACE`, whatever keys are set, they answer from the
 * fakes that namespace shares: a test in another process scripts them, and any number of
 * instances answer one conversation's requests in script order.
 *
 * @example
 * ```ts
 * const services = helpdeskServices(process.env);
 * const nest = await createHelpdesk(services.settings);
 * ```
 */
export function helpdeskServices(env: HelpdeskEnv = process.env): HelpdeskServices {
  const redis = env.HELPDESK_REDIS_URL?.trim() || undefined;
  const namespace = env.HELPDESK_NAMESPACE?.trim() || undefined;
  if ((redis === undefined) !== (namespace === undefined)) {
    throw new Error('Set both HELPDESK_REDIS_URL and HELPDESK_NAMESPACE to answer from shared fakes, or neither.');
  }
  if (redis !== undefined && namespace !== undefined) {
    const config: StandinConfigInput = { ...demoConfig, cursors: { store: 'redis', url: redis, namespace } };
    return {
      mode: 'shared',
      // Requests of one scripted conversation name their scope (x-standin-scope), whichever instance they reach.
      settings: { trustScopeHeader: true, app: () => createTestApp(config) },
      summary: `the writer and the classifier answer from the fakes namespace '${namespace}' shares in Redis at ${maskedUrl(redis)}`,
    };
  }
  const keys = {
    anthropic: env.ANTHROPIC_API_KEY?.trim() || undefined,
    openai: env.OPENAI_API_KEY?.trim() || undefined,
    typesafe: env.TYPESAFE_API_KEY?.trim() || undefined,
  };
  if (env.HELPDESK_FAKES === '1' || (keys.anthropic === undefined && keys.openai === undefined)) {
    return {
      mode: 'fakes',
      settings: {
        // npm start serves as production would, on fakes: a request cannot pick its cursor scope.
        trustScopeHeader: false,
        app: () => {
          const app = createTestApp(demoConfig, exampleTriageModule());
          app.fake('writer', demoWriter, writer);
          return app;
        },
      },
      summary: 'the writer and the classifier are fakes scripted for the example tickets: no key, no network',
    };
  }
  const models: Record<string, ModelConfig> =
    keys.anthropic === undefined
      ? { writer: openai }
      : keys.openai === undefined
        ? { writer: anthropic }
        : { writer: { ...anthropic, fallback: ['backup'] }, backup: openai };
  const providers: Record<string, ProviderConfig> = {};
  if (keys.anthropic !== undefined) providers.anthropic = { apiKey: keys.anthropic };
  if (keys.openai !== undefined) providers.openai = { apiKey: keys.openai };
  if (keys.typesafe !== undefined) providers.typesafe = { apiKey: keys.typesafe };
  const fallback =
    models.backup === undefined ? '' : `, falling back to ${models.backup.provider} ${models.backup.model}`;
  const writerLine = `the writer on ${models.writer!.provider} ${models.writer!.model}${fallback}`;
  if (keys.typesafe !== undefined) {
    const config: StandinConfigInput = { models, providers, classifier: { provider: 'typesafe' } };
    return {
      mode: 'real',
      settings: { app: () => createApp(config) },
      summary: `${writerLine}; the classifier is TypeSafe's`,
    };
  }
  const config: StandinConfigInput = { models, providers };
  return {
    mode: 'real',
    settings: { app: () => createApp(config, exampleTriageModule()) },
    summary: `${writerLine}; the classifier is the example triage (scripted)`,
  };
}
