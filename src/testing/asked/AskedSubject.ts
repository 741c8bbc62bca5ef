import { StandinError } from '../../errors/StandinError.js';
import type { Code } from '../../errors/catalog.js';
import { FakeModel } from '../../fakes/model/FakeModel.js';
import type { PendingAnswer, SentCall } from '../../fakes/model/SentCall.js';
import { summarizeAnswer } from '../../fakes/model/summarizeAnswer.js';
import type { Finding } from '../../fakes/script/Finding.js';
import { slotsOf } from '../../fakes/slot/Slots.js';
import type { SentEntry } from '../../server/SentEntry.js';
import { DEFAULT_SCOPE } from '../../services/scopes/Scopes.js';
import { Tokens } from '../../tokens/Tokens.js';
import { shownName } from '../../validation/readGuard.js';
import { TestApp } from '../TestApp.js';

/**
 * What the wire server offers a matcher: its `sent` log and its pending answers (a `FakeServer`,
 * from `createFakeServer`, is one).
 */
export interface WireView {
  readonly sent: readonly SentEntry[];
  pending(scope?: string): Promise<Readonly<Record<string, Readonly<Record<string, readonly PendingAnswer[]>>>>>;
}

/**
 * What the matchers and the `assert…` functions read: a faked model (`app.fake(...)`, also in a Redis namespace, as its
 * last `sync()` read it), a test app with a model name (every fake of that model: the app-wide one and the scopes' own,
 * or the namespace's), or the wire server with the model id its clients send (and a scope, to read that scope alone).
 *
 * @example
 * ```ts
 * const subjects: AskedSubject[] = [writer, { app, model: 'writer' }, { server, model: 'gpt-4.1-mini', scope: 'test-1' }];
 * ```
 */
export type AskedSubject =
  | FakeModel
  | { readonly app: TestApp; readonly model: string }
  | { readonly server: WireView; readonly model: string; readonly scope?: string | undefined };

/** What a subject was sent and what it still holds, read the same for every kind of subject. */
export interface Asked {
  /** The subject in words, for messages: `model 'writer'`, `model id 'gpt-4.1-mini' in scope 'a'`. */
  readonly name: string;
  /** What it was sent, in order (a fake at a time, for an app's model faked in several scopes). */
  readonly sent: readonly (SentCall | SentEntry)[];
  /** The answers not given yet, one line each, with the scope they wait in. */
  pending(): Promise<readonly string[]>;
}

/** The codes that say an answer was never asked for. */
const UNUSED: ReadonlySet<Code> = new Set<Code>(['T0014']);

/**
 * Reads a subject: what it was sent and, on demand, what it still holds. `where` names the
 * matcher or function for messages.
 *
 * @throws {StandinError} `T0060` for something that is not a subject; `T0061` for an app's model that is not configured.
 * @example
 * ```ts
 * readAsked({ app, model: 'writer' }, 'toHaveBeenAsked').sent.length; // 2
 * ```
 */
export function readAsked(subject: unknown, where: string): Asked {
  if (subject instanceof FakeModel) {
    return { name: 'the fake', sent: subject.sent, pending: async () => unused(await subject.findings()) };
  }
  if (typeof subject === 'object' && subject !== null && typeof (subject as { model?: unknown }).model === 'string') {
    const { model } = subject as { model: string };
    if ('app' in subject && subject.app instanceof TestApp) return appAsked(subject.app, model, where);
    if ('server' in subject && isWire(subject.server)) {
      const scope = (subject as { scope?: unknown }).scope;
      if (scope === undefined || typeof scope === 'string') return wireAsked(subject.server, model, scope);
    }
  }
  throw new StandinError(
    'T0060',
    `${where}: expected a faked model (app.fake(...)), { app, model } or { server, model, scope? } and got ` +
      `${shownName(subject)}${described(subject)}. Hand the matcher the fake, or the test app or wire server with ` +
      `the model it calls.`,
  );
}

function appAsked(app: TestApp, model: string, where: string): Asked {
  const models = Object.keys(app.container.get(Tokens.Config).models);
  if (!models.includes(model)) {
    throw new StandinError(
      'T0061',
      `${where}: the app has no model named '${model}'. Configured models: ${models.join(', ') || 'none'}. Name ` +
        `one of them as { app, model }.`,
    );
  }
  const layers = slotsOf(app.container).model(model).layers;
  const fakes = layers.filter((layer) => layer.service instanceof FakeModel);
  // A namespace's follower and this app's fakes record the same calls of the namespace: the app's own fakes first.
  const own = fakes.some((layer) => layer.kind === 'fake') ? fakes.filter((layer) => layer.kind === 'fake') : fakes;
  return {
    name: `model '${model}'`,
    sent: own.flatMap((layer) => (layer.service as FakeModel).sent),
    pending: async () => {
      const lines: string[] = [];
      for (const layer of own) lines.push(...unused(await layer.findings()).map((line) => `${layer.label}: ${line}`));
      return lines;
    },
  };
}

function wireAsked(server: WireView, model: string, scope: string | undefined): Asked {
  return {
    name: `model id '${model}'${scope === undefined ? '' : ` in ${scoped(scope)}`}`,
    sent: server.sent.filter(
      (entry) => 'model' in entry && entry.model === model && (scope === undefined || entry.scope === scope),
    ),
    pending: async () =>
      Object.entries(await server.pending(scope)).flatMap(([id, models]) =>
        (models[model] ?? []).map(({ index, answer }) => `${scoped(id)}: answers[${index}] ${summarizeAnswer(answer)}`),
      ),
  };
}

function unused(findings: readonly Finding[]): string[] {
  return findings
    .filter((finding) => UNUSED.has(finding.code))
    .map((finding) => `${scoped(finding.scope)}: ${finding.line}`);
}

function scoped(scope: string): string {
  return scope === DEFAULT_SCOPE ? 'the default scope' : `scope '${scope}'`;
}

function isWire(value: unknown): value is WireView {
  return (
    typeof value === 'object' &&
    value !== null &&
    Array.isArray((value as { sent?: unknown }).sent) &&
    typeof (value as { pending?: unknown }).pending === 'function'
  );
}

/** For an object, the keys it has: what the test handed in instead of a subject. */
function described(subject: unknown): string {
  if (typeof subject !== 'object' || subject === null || Array.isArray(subject)) return '';
  const keys = Object.keys(subject).slice(0, 5);
  return keys.length === 0 ? ' with no keys' : ` with keys ${keys.join(', ')}`;
}
