import type { Answer, AnswerFunction, Answers, CallRecord } from './Answer.js';
import type { FakeChecks } from './FakeChecks.js';
import { FakeModel } from './FakeModel.js';

/**
 * The faked model as a provider value, for a program that holds its own engine: hand it to the
 * engine under the name of the model's provider. Its `reply` gives the parts of the provider
 * contract. Used alone it keeps its cursors in a `MemoryCursorStore` of its own, per scope of
 * each call; make one per engine, as a fake shared by two engines shares its cursors.
 *
 * @throws {StandinError} `T0001`-`T0008` or `T0012` when an answer or the checks are malformed.
 * @example
 * ```ts
 * const fake = fakeProvider([{ text: 'Hello!' }]);
 * const engine = createEngine({
 *   models: { writer: { provider: 'anthropic', model: 'claude-sonnet-4-5' } },
 *   makers: { providers: () => ({ anthropic: fake }) },
 * });
 * await engine.reply('writer', { messages: 'Hi' }); // text 'Hello!'
 * ```
 */
export function fakeProvider(answers: readonly Answer[], checks?: FakeChecks): FakeModel;
export function fakeProvider(answers: AnswerFunction, checks?: FakeChecks): FakeModel;
export function fakeProvider(answers: CallRecord, checks?: FakeChecks): FakeModel;
export function fakeProvider(answers: Answers, checks?: FakeChecks): FakeModel;
export function fakeProvider(answers: Answers, checks?: FakeChecks): FakeModel {
  return new FakeModel(answers, checks === undefined ? {} : { checks });
}
