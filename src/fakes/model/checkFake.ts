import type { ZodType } from 'zod';
import { StandinError } from '../../errors/StandinError.js';
import type { CallContext, ReplyRequest } from '../../services/spec/Provider.js';
import { describeIssues } from '../../validation/describeIssues.js';
import { closest } from '../../validation/formatPath.js';
import { fakeChecksExpected, fakeChecksSchema, type FakeChecks } from './FakeChecks.js';
import type { PreparedAnswer } from './prepareAnswer.js';
import type { ReadAnswers } from './readAnswers.js';
import { checkCallInputs, toolInputs, type ToolInputs } from './toolInputs.js';

/**
 * Checks a fake's checks (`T0012`) and every answer of its list when it is made; answers the checks' tools' input
 * shapes, for a function's answers to be checked against later.
 */
export function checkFake(read: ReadAnswers, checks: FakeChecks, fakeOwner: string): ToolInputs | undefined {
  const owner = fakeOwner.replace(/answers\)$/, 'answers, checks)');
  const parsed = fakeChecksSchema.safeParse(checks);
  if (!parsed.success) {
    const hints = { expected: fakeChecksExpected, keys: { '': ['tools', 'output'] } };
    const lines = describeIssues('checks', checks, parsed.error.issues, hints);
    throw new StandinError('T0012', `${owner}: the checks are malformed:\n${lines.join('\n')}`);
  }
  const inputs = toolInputs(checks.tools);
  const source = read.reply;
  if (source?.kind !== 'list') return inputs;
  const offer = {
    tools: checks.tools !== undefined ? Object.keys(checks.tools) : undefined,
    statesShape: undefined,
    output: checks.output,
    what: 'the checks the fake was given',
  };
  for (const prepared of source.answers) {
    checkAnswer(prepared, offer, owner);
    checkCallInputs(prepared, inputs, owner);
  }
  return inputs;
}

/**
 * Checks a taken answer against the call (`T0006`-`T0008`); a function's tool inputs too, as a list's were checked at
 * once.
 */
export function checkTaken(
  prepared: PreparedAnswer,
  request: ReplyRequest,
  context: CallContext,
  owner: string,
  inputs: ToolInputs | undefined,
): void {
  const what = `the call it answers (model '${context.modelName}', step '${context.stepKey}')`;
  const tools = request.tools?.map((tool) => tool.name) ?? [];
  const statesShape = context.output !== undefined || request.output !== undefined;
  checkAnswer(prepared, { tools, statesShape, output: context.output, what }, owner);
  if (prepared.index === undefined) checkCallInputs(prepared, inputs, `${owner} at step '${context.stepKey}'`);
}

/** What a call offers an answer, as far as it is known; a field left undefined is not checked. */
interface CallOffer {
  /** The names of the tools the call offers. */
  readonly tools: readonly string[] | undefined;
  /** Whether the call states a shape for a typed value. */
  readonly statesShape: boolean | undefined;
  /** The zod shape of the typed value. */
  readonly output: ZodType | undefined;
  /** The call (or the agent), as a message names it: `the call it answers (model 'writer', step 'r#0')`. */
  readonly what: string;
}

/**
 * Checks an answer against what a call offers: a value where no shape is stated (`T0006`), a
 * tool the call does not offer (`T0007`), a value that does not fit the shape (`T0008`).
 *
 * @throws {StandinError} the first of those the answer has, naming the answer and what to write.
 */
function checkAnswer(prepared: PreparedAnswer, offer: CallOffer, owner: string): void {
  const { label } = prepared;
  if (prepared.hasValue && offer.statesShape === false) {
    throw new StandinError(
      'T0006',
      `${owner}: ${label} gives a value, and ${offer.what} states no shape for a typed value. Give the call an ` +
        `output shape (output: z.object({ ... })), or answer with { text: '...' } instead.`,
    );
  }
  if (offer.tools !== undefined) {
    prepared.calls.forEach((call, i) => {
      if (offer.tools!.includes(call.tool)) return;
      const guess = closest(call.tool, offer.tools!);
      const offered =
        offer.tools!.length > 0 ? `offers only ${offer.tools!.map((t) => `'${t}'`).join(', ')}` : 'offers no tools';
      throw new StandinError(
        'T0007',
        `${owner}: ${label}.calls[${i}] asks for the tool '${call.tool}', and ${offer.what} ` +
          `${offered}.${guess ? ` Did you mean '${guess}'?` : ''} Name a tool the call offers, or give the call that ` +
          `tool.`,
      );
    });
  }
  if (prepared.hasValue && offer.output !== undefined) {
    const result = offer.output.safeParse(prepared.value);
    if (!result.success) {
      const lines = describeIssues(`${label}.value`, prepared.value, result.error.issues);
      throw new StandinError(
        'T0008',
        `${owner}: ${label}.value does not fit the shape ${offer.what} gives:\n${lines.join('\n')}`,
        { cause: result.error },
      );
    }
  }
}
