import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import type { StandinConfigInput } from '../config/configSchema.js';
import { CallFailed } from '../errors/CallFailed.js';
import { ProviderFailure } from '../errors/ProviderFailure.js';
import { StandinError } from '../errors/StandinError.js';
import type { Cassette } from '../fakes/cassettes/Cassette.js';
import type { CassetteCall, CassetteEntry } from '../fakes/cassettes/cassetteSchema.js';
import { lineDiff } from '../fakes/cassettes/lineDiff.js';
import { MAX_CASSETTE_BYTES, parseCassette } from '../fakes/cassettes/readCassette.js';
import { secretScrubber, type RedactFunction } from '../fakes/cassettes/redactSecrets.js';
import { stableJson } from '../fakes/cassettes/stableJson.js';
import type { Answer } from '../fakes/model/Answer.js';
import type { ReplyRequest } from '../services/spec/Provider.js';
import { createTestApp } from '../testing/createTestApp.js';
import type { TestApp } from '../testing/TestApp.js';
import { Tokens } from '../tokens/Tokens.js';
import { describeIssues } from '../validation/describeIssues.js';
import { lazySchema } from '../validation/lazySchema.js';
import { replyDrift } from './answerDrift.js';
import { engineInput } from './engineInput.js';
import { readRegularFile } from './regularFile.js';
import { SchemaCache } from './schemaCache.js';
import { rewriteEntries } from './rewriteEntries.js';

/** The units tolerance when none is given: a count may be half as large again, or half as small. */
export const DEFAULT_UNITS_TOLERANCE = 0.5;

/**
 * The settings of {@link checkCassette}.
 *
 * @example
 * ```ts
 * const settings: CheckCassetteSettings = { config, update: true, unitsTolerance: 0.25 };
 * ```
 */
export interface CheckCassetteSettings {
  /** The config whose providers the recorded requests are sent to, keys from it or the environment as in recording. */
  readonly config: StandinConfigInput;
  /** Whether to record again, in the file, the entries that changed in structure; every other byte stays. */
  readonly update?: boolean | undefined;
  /** How far units may move and still be wording only, as a fraction of the recorded count (default 0.5, ±50%). */
  readonly unitsTolerance?: number | undefined;
  /** The cassette's `redact`, for the new answers as for the recorded ones. */
  readonly redact?: RedactFunction | undefined;
}

/**
 * What the check found of one entry: `same`, `wording only`, `changed` (with what changed and a line diff), `error`
 * (the provider could not be asked: `reason` says why) or `not checked` (an entry the check cannot send).
 */
export interface CheckedEntry {
  readonly position: number;
  readonly model?: string | undefined;
  readonly call: CassetteCall;
  readonly verdict: 'same' | 'wording only' | 'changed' | 'error' | 'not checked';
  /** What changed in structure, one line each. */
  readonly changes: readonly string[];
  /** The fields that differ in wording only. */
  readonly wording: readonly string[];
  readonly reason?: string | undefined;
  /** For a changed entry: the recorded answer against the new one, `-` recorded, `+` new. */
  readonly diff?: readonly string[] | undefined;
  /** The new answer, as a cassette keeps it. */
  readonly answer?: unknown;
}

/**
 * A cassette checked against the live providers: each entry's verdict, the entries `update` wrote again, and the exit
 * code `standin cassettes check` gives: 1 when an entry changed, else 3 when one could not be checked for an error,
 * else 0.
 */
export interface CassetteCheck {
  readonly path: string;
  readonly entries: readonly CheckedEntry[];
  readonly updated: readonly number[];
  readonly code: 0 | 1 | 3;
}

const settingsSchema = lazySchema(() =>
  z.strictObject({
    config: z.record(z.string(), z.unknown()),
    update: z.boolean().optional(),
    unitsTolerance: z.number().min(0).max(1_000_000).optional(),
    redact: z.function().optional(),
  }),
);

/** Failures that say nothing of the model's answer: the provider was not reached, or refused the key. */
const unreached = new Set(['network', 'timeout', 'auth']);

/**
 * Sends each recorded request of the cassette at `path` to the live provider `settings.config` names, through the real
 * adapters (one attempt, no fallback), and sorts the entry by how the new answer compares with the recorded one.
 * Only reply entries are sent: an entry with a `when` in place of a request, and those of other calls, are not checked.
 *
 * @throws {StandinError} `V0013` for no cassette at `path`, bad settings or `STANDIN_CASSETTES=replay`; `V0001` for a
 * file that is not a cassette; a config code (`C0001`, ...) for a config that is not one.
 * @example
 * ```ts
 * const report = await checkCassette('test/cassettes/helpdesk.json', { config });
 * expect(report.entries.filter((entry) => entry.verdict === 'changed')).toEqual([]);
 * ```
 */
export async function checkCassette(path: string, settings: CheckCassetteSettings): Promise<CassetteCheck> {
  const parsed = settingsSchema.safeParse(settings);
  if (!parsed.success) {
    const lines = describeIssues('settings', settings, parsed.error.issues, {
      expected: {
        config: 'the config of the live providers, an object { models, providers }',
        update: 'true or false',
        unitsTolerance: 'a fraction of the recorded units, 0 or more, such as 0.5 (±50%)',
        redact: 'a function (text) => text',
      },
      keys: { '': ['config', 'update', 'unitsTolerance', 'redact'] },
    });
    throw new StandinError('V0013', `checkCassette(path, settings): the settings are malformed:\n${lines.join('\n')}`);
  }
  if (typeof path !== 'string' || !existsSync(path)) {
    throw new StandinError(
      'V0013',
      `There is no cassette at ${String(path)} to check. Give the path of a cassette file a recording wrote.`,
    );
  }
  const text = readRegularFile(path, MAX_CASSETTE_BYTES, 'cassette');
  const entries = parseCassette(text, path);
  const app = createTestApp(liveConfig(settings.config));
  try {
    const cassette = app.cassette(join(tmpdir(), `standin-check-${randomUUID()}.json`), {
      mode: 'record',
      redact: settings.redact,
    });
    if (cassette.mode === 'replay') {
      throw new StandinError(
        'V0013',
        'STANDIN_CASSETTES=replay is set, and a check sends every request to the live provider. Unset it for the check.',
      );
    }
    const scrub = secretScrubber(app.container.get(Tokens.Config), settings.redact);
    const tolerance = settings.unitsTolerance ?? DEFAULT_UNITS_TOLERANCE;
    const checked: CheckedEntry[] = [];
    const recordings = new Map<number, CassetteEntry>();
    for (const [position, entry] of entries.entries()) {
      const { result, fresh } = await checkEntry(app, cassette, entry, position, tolerance, scrub);
      checked.push(result);
      if (result.verdict === 'changed' && fresh !== undefined) recordings.set(position, fresh);
    }
    const changed = checked.filter((entry) => entry.verdict === 'changed');
    const updated = settings.update === true ? [...recordings.keys()] : [];
    if (updated.length > 0) await rewriteEntries(path, text, entries, recordings);
    const code = changed.length > 0 ? 1 : checked.some((entry) => entry.verdict === 'error') ? 3 : 0;
    return { path, entries: checked, updated, code };
  } finally {
    await app.dispose();
  }
}

/** The config with no fallback: each entry is asked of its own model, once. */
function liveConfig(config: StandinConfigInput): StandinConfigInput {
  const models = (config as { models?: unknown }).models;
  if (models === null || typeof models !== 'object') return config;
  const alone = Object.fromEntries(
    Object.entries(models).map(([name, model]) => {
      if (model === null || typeof model !== 'object') return [name, model];
      const { fallback: _fallback, ...rest } = model as Record<string, unknown>;
      return [name, rest];
    }),
  );
  return { ...config, models: alone } as StandinConfigInput;
}

/** Why an entry is not checked; undefined for a reply entry with its request. */
function notSent(entry: CassetteEntry): string | undefined {
  if (entry.request === undefined) return 'written by hand with a when, it has no request to send';
  if (entry.call !== 'reply') return `it records ${entry.call}, and the check sends the requests of replies`;
  return undefined;
}

async function checkEntry(
  app: TestApp,
  cassette: Cassette,
  entry: CassetteEntry,
  position: number,
  tolerance: number,
  scrub: RedactFunction,
): Promise<{ readonly result: CheckedEntry; readonly fresh?: CassetteEntry }> {
  const base = { position, model: entry.model, call: entry.call, changes: [], wording: [] };
  const skip = notSent(entry);
  if (skip !== undefined) return { result: { ...base, verdict: 'not checked', reason: skip } };
  const model = entry.model!;
  if (!Object.hasOwn(app.container.get(Tokens.Config).models, model)) {
    return { result: { ...base, verdict: 'error', reason: `the config names no model '${model}': add it to models` } };
  }
  const before = cassette.entries.length;
  let thrown: unknown;
  let output: z.ZodType | undefined;
  try {
    const call = prepare(app, entry, position);
    output = call.output;
    await call.run();
  } catch (error) {
    thrown = error;
  }
  const fresh = cassette.entries.slice(before).at(-1);
  const message = thrown === undefined ? '' : scrub(thrown instanceof Error ? thrown.message : String(thrown));
  // A provider never reached is not recorded: the failure is the call's own.
  const kind = thrown instanceof CallFailed || thrown instanceof ProviderFailure ? thrown.kind : undefined;
  if (fresh === undefined && kind !== undefined && unreached.has(kind)) {
    return { result: { ...base, verdict: 'error', reason: `the provider could not be asked (${kind}): ${message}` } };
  }
  if (fresh === undefined) {
    return { result: { ...base, verdict: 'error', reason: message === '' ? 'no answer was recorded' : message } };
  }
  const recorded = entry.answer as { fail?: string };
  const failed = (fresh.answer as { fail?: string }).fail;
  if (failed !== undefined && unreached.has(failed) && recorded.fail !== failed) {
    return { result: { ...base, verdict: 'error', reason: `the provider could not be asked (${failed}): ${message}` } };
  }
  const drift = replyDrift(entry.answer as Answer, fresh.answer as Answer, output, tolerance);
  const diff =
    drift.verdict === 'changed'
      ? lineDiff(stableJson(entry.answer).trimEnd(), stableJson(fresh.answer).trimEnd())
      : undefined;
  return { result: { ...base, ...drift, diff, answer: fresh.answer }, fresh };
}

/** A reply entry's request, ready to send again, and the typed value's schema. */
function prepare(
  app: TestApp,
  entry: CassetteEntry,
  position: number,
): { readonly output?: z.ZodType | undefined; readonly run: () => Promise<unknown> } {
  const request = revive(entry.request) as Record<string, unknown>;
  const tools = (request.tools ?? []) as { name: string; input?: unknown }[];
  const input = engineInput(
    {
      messages: request.messages,
      ...(request.instructions === undefined ? {} : { instructions: request.instructions }),
      ...(tools.length === 0 ? {} : { tools }),
      ...(request.output === undefined ? {} : { output: { schema: request.output } }),
    } as unknown as ReplyRequest,
    new SchemaCache(),
    { tool: (i) => `entries[${position}].request.tools[${i}].input`, output: `entries[${position}].request.output` },
  );
  return { output: input.output, run: () => app.reply(entry.model!, input, { retry: false }) };
}

/** A request as plain JSON back in the call's terms: `{ $base64 }` as bytes again. */
function revive(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(revive);
  if (value === null || typeof value !== 'object') return value;
  const keys = Object.keys(value);
  const base64 = (value as { $base64?: unknown }).$base64;
  if (keys.length === 1 && typeof base64 === 'string') return new Uint8Array(Buffer.from(base64, 'base64'));
  return Object.fromEntries(keys.map((key) => [key, revive((value as Record<string, unknown>)[key])]));
}
