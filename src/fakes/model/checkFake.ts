import { StandinError } from '../../errors/StandinError.js';
import type { CallContext, ReplyRequest } from '../../services/spec/Provider.js';
import { describeIssues } from '../../validation/describeIssues.js';
import { checkAnswer } from './checkAnswer.js';
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
