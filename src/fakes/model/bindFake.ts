import type { Container } from 'inversify';
import type { StandinConfig } from '../../config/configSchema.js';
import { StandinError } from '../../errors/StandinError.js';
import { Tokens } from '../../tokens/Tokens.js';
import { closest } from '../../validation/formatPath.js';
import type { Answer, AnswerFunction, Answers, CallRecord } from './Answer.js';
import type { FakeChecks } from './FakeChecks.js';
import { FakeModel } from './FakeModel.js';
import { readAnswers } from './readAnswers.js';
import { refuseSharedGates } from '../gates/declareGates.js';
import { sharedScriptsOf } from '../shared/bindSharedFakes.js';
import { scriptedLayer } from '../slot/layers.js';
import { slotsOf } from '../slot/Slots.js';
import { isFitting } from '../fitting/fitting.js';

/**
 * Fakes one model of a container: puts a {@link FakeModel} on that model's slot, as the layer for every scope. Other
 * models and other containers are untouched; faking the same model again replaces the earlier fake in its place.
 * Cursors live in the container's cursor store. `app.fake(model, answers)` calls this. In a Redis namespace the answers
 * are published (data only, `D0006`) and every container of the namespace answers from them.
 *
 * @throws {StandinError} `T0012` when the model is not configured; `T0001`-`T0008` for bad answers.
 * @example
 * ```ts
 * const writer = bindFake(container, 'writer', [{ text: 'Hi' }]);
 * ```
 */
export function bindFake(
  container: Container,
  model: string,
  answers: readonly Answer[],
  checks?: FakeChecks,
): FakeModel;
export function bindFake(container: Container, model: string, answers: AnswerFunction, checks?: FakeChecks): FakeModel;
export function bindFake(container: Container, model: string, answers: CallRecord, checks?: FakeChecks): FakeModel;
export function bindFake(container: Container, model: string, answers: Answers, checks?: FakeChecks): FakeModel;
export function bindFake(container: Container, model: string, answers: Answers, checks?: FakeChecks): FakeModel {
  const config = container.get(Tokens.Config);
  const models = Object.keys(config.models);
  if (typeof model !== 'string' || !models.includes(model)) {
    const guess = typeof model === 'string' ? closest(model, models) : undefined;
    const name = typeof model === 'string' ? `'${model}'` : `a ${typeof model}`;
    throw new StandinError(
      'T0012',
      `app.fake(${name}, answers): there is no model named ${name} to ` +
        `fake.${guess ? ` Did you mean '${guess}'?` : ''} Configured models: ` +
        `${models.length > 0 ? models.join(', ') : 'none'}. Fake one of them, or add it under config.models.`,
    );
  }
  const shared = sharedScriptsOf(container);
  if (shared !== undefined && isFitting(answers)) {
    throw new StandinError(
      'D0006',
      `app.fake('${model}', fitting()): this app shares its scripts through a Redis namespace, and fitting() ` +
        'answers in the process that made it. Fake the model with data there: a list of answers, or a record { reply: [...] }.',
    );
  }
  // Checked before anything is published, so a bad answer is its T-code, not a publication's.
  const read = shared === undefined ? undefined : readAnswers(answers, `app.fake('${model}', answers)`);
  refuseSharedGates(read?.reply, `app.fake('${model}', answers)`);
  const fake = new FakeModel(answers, {
    model,
    store: container.get(Tokens.CursorStore),
    scopes: container.get(Tokens.Scopes),
    clock: container.get(Tokens.Clock),
    gates: slotsOf(container).gates,
    ...answerTimeout(config, model),
    ...(checks === undefined ? {} : { checks }),
    ...(shared === undefined
      ? {}
      : {
          shared: shared.publishModel(
            model,
            answers,
            `app.fake('${model}', answers)`,
            read?.reply?.kind === 'list' ? read.reply.answers : undefined,
          ),
        }),
  });
  slotsOf(container)
    .model(model)
    .put(scriptedLayer('fake', fake, `app.fake('${model}', answers)`));
  return fake;
}

/** The model's provider `timeoutMs`, when the config names one: how long a fake's function may take. */
function answerTimeout(config: StandinConfig, model: string): { answerTimeoutMs?: number } {
  const provider = config.models[model]?.provider;
  const timeoutMs =
    provider === undefined || !Object.hasOwn(config.providers, provider)
      ? undefined
      : config.providers[provider]?.timeoutMs;
  return timeoutMs === undefined ? {} : { answerTimeoutMs: timeoutMs };
}
