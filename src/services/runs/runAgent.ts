import { readGuard } from '../../validation/readGuard.js';
import { randomUUID } from 'node:crypto';
import { StandinError } from '../../errors/StandinError.js';
import { describeIssues } from '../../validation/describeIssues.js';
import type { DispatchOptions } from '../dispatch/Dispatcher.js';
import { neverAborted } from '../dispatch/untilAborted.js';
import type { Reply } from '../engine/Reply.js';
import type { Message, ReplyPart, ReplyRequest } from '../spec/Provider.js';
import { invalid } from '../requests/invalid.js';
import { checkOptions, outputSpec, toolSpecs, type PreparedReply } from '../requests/prepareReply.js';
import type { CallSettings } from '../spec/CallSettings.js';
import { runSettings } from './runSettings.js';
import { agentSchema, conversationSchema, expectedFields } from '../requests/requestSchemas.js';
import type { Agent, RunPart, RunResult, Step } from './Agent.js';
import { runTool } from './runTool.js';
import { stepSignal } from './stepSignal.js';
import type { ToolRun } from './ToolRun.js';

/** Options a run takes. */
export interface RunOptions {
  /** Aborts the run: its steps, their retries and fallbacks, and its tools. */
  readonly signal?: AbortSignal | undefined;
  /** `false` for one attempt per model, or fields of the retry policy to change for this run. */
  readonly retry?: DispatchOptions['retry'];
  /** The run's id: give the id of an earlier run to run it again with the same step keys. */
  readonly runId?: string | undefined;
  /** Call settings for every step of this run, over the agent's own `settings` field by field. */
  readonly settings?: CallSettings | undefined;
  /**
   * Whether a tool error (no such tool, input that does not fit, a `run` that throws) ends the run
   * with `R0004` rather than going back to the model. Default: true in a test app, false otherwise.
   */
  readonly strictTools?: boolean | undefined;
}

/** How a step's reply is made: collected whole, or handed on part by part and then collected. */
export interface StepReplies {
  readonly collect: (model: string, prepared: PreparedReply, options: DispatchOptions) => Promise<Reply>;
  readonly stream: (
    model: string,
    prepared: PreparedReply,
    options: DispatchOptions,
  ) => AsyncGenerator<ReplyPart, Reply, undefined>;
  /** Whether tool errors end runs that do not say (`RunOptions.strictTools`). */
  readonly strictTools?: (() => boolean) | undefined;
  /** What stands in front of tool `name`'s own `run` in the caller's scope, when anything does. */
  readonly toolRun?: ((name: string) => ToolRun | undefined) | undefined;
}

/**
 * The agent loop: steps of `reply` and their tools until one ends on a text or value. A step's key `runId#index` is
 * also its request id, so a run given an earlier `runId` replays the same steps.
 */
export async function* runAgent<O>(
  agent: Agent<O>,
  input: string | readonly Message[],
  options: RunOptions,
  live: boolean,
  replies: StepReplies,
): AsyncGenerator<RunPart<O>, RunResult<O>, undefined> {
  const parsedAgent = readGuard('app.run(agent)', () => agentSchema.safeParse(agent));
  if (!parsedAgent.success) {
    throw new StandinError(
      'R0002',
      `Invalid agent:\n${describeIssues('agent', agent, parsedAgent.error.issues, { expected: expectedFields, schema: agentSchema }).join('\n')}`,
    );
  }
  // A non-empty text is what the schema accepts of a string: it is read only for anything else.
  if (typeof input !== 'string' || input.length === 0) {
    const parsedInput = readGuard('app.run input', () => conversationSchema.safeParse(input));
    if (!parsedInput.success) throw invalid('input', input, parsedInput.error.issues, conversationSchema);
  }
  const strict = readGuard('app.run options', () => strictOption(options)) ?? replies.strictTools?.() ?? false;
  const { given, rest } = readGuard('app.run options', () => splitOptions(options));
  const dispatch: DispatchOptions = readGuard('app.run options', () => checkOptions(rest));
  const settings = runSettings(agent, given);
  const runId = options.runId ?? randomUUID();
  const signal = options.signal ?? neverAborted();
  const tools = agent.tools ?? {};
  const base: { -readonly [K in keyof ReplyRequest]?: ReplyRequest[K] } = {};
  if (agent.instructions !== undefined) base.instructions = agent.instructions;
  if (agent.tools !== undefined) base.tools = toolSpecs(agent.tools);
  if (agent.output !== undefined) base.output = outputSpec(agent.output);
  if (settings !== undefined) base.settings = settings;
  let messages: readonly Message[] = typeof input === 'string' ? [{ role: 'user', content: input }] : input;
  const steps: Step[] = [];
  let tokensIn = 0;
  let tokensOut = 0;
  const maxSteps = agent.maxSteps ?? 10;
  for (let index = 0; index < maxSteps; index++) {
    const key = `${runId}#${index}`;
    const request = { ...base, messages } as Omit<ReplyRequest, 'model'>;
    const prepared: PreparedReply = { request, output: agent.output };
    const stepOptions: DispatchOptions = { ...dispatch, stepKey: key, requestId: key };
    let answer: Reply;
    if (live) {
      const parts = replies.stream(agent.model, prepared, stepOptions);
      let next = await parts.next();
      while (!next.done) {
        yield { ...next.value, step: index };
        next = await parts.next();
      }
      answer = next.value;
    } else {
      answer = await replies.collect(agent.model, prepared, stepOptions);
    }
    tokensIn += answer.units.tokensIn;
    tokensOut += answer.units.tokensOut;
    if (answer.calls.length === 0) {
      messages = [...messages, said(answer)];
      steps.push({ index, key, request, reply: answer, results: [] });
      if (agent.output !== undefined && answer.value === undefined) {
        throw new StandinError(
          'R0003',
          `Run ${runId}: the agent asks for a typed value (output), but step ${index} of model '${answer.model}' ` +
            `ended with ${answer.text ? 'a text' : 'nothing'} and no value. Make the model answer with a value, or ` +
            `drop output from the agent.`,
        );
      }
      const result: RunResult<O> = {
        runId,
        text: answer.text,
        value: answer.value as O | undefined,
        steps,
        messages,
        units: { tokensIn, tokensOut },
      };
      if (live) yield { type: 'done', result };
      return result;
    }
    const step = stepSignal(signal, answer.calls.length);
    const context = { signal: step.signal, runId, step: index };
    const results = await Promise.all(
      answer.calls.map((call) =>
        runTool(tools, call, { ...context, callId: call.id }, strict, replies.toolRun?.(call.tool)),
      ),
    ).finally(() => step.done());
    if (live) for (const result of results) yield { type: 'tool-result', step: index, result };
    messages = [...messages, said(answer), { role: 'tool', results }];
    steps.push({ index, key, request, reply: answer, results });
  }
  const lastCalls = steps.at(-1)?.reply.calls.map((c) => c.tool) ?? [];
  throw new StandinError(
    'R0001',
    `Run ${runId} passed maxSteps (${maxSteps}) without ending on ${agent.output ? 'a typed value' : 'a text'}; the ` +
      `last step asked for ${lastCalls.join(', ') || 'nothing'}. Raise the agent's maxSteps, or check why the model ` +
      `keeps asking for tools.`,
  );
}

/** What a step's reply says in the conversation: its signed reasoning, its text and its calls. */
function said(answer: Reply): Message {
  return {
    role: 'assistant',
    ...(answer.reasoningBlocks === undefined ? {} : { reasoning: answer.reasoningBlocks }),
    ...(answer.text !== '' || answer.calls.length === 0 ? { content: answer.text } : {}),
    ...(answer.calls.length > 0 ? { calls: answer.calls } : {}),
  };
}

/** The run's own `strictTools`, checked: undefined when it does not say. */
function strictOption(options: RunOptions): boolean | undefined {
  if (typeof options !== 'object' || options === null) return undefined;
  const strict = (options as { strictTools?: unknown }).strictTools;
  if (strict === undefined || typeof strict === 'boolean') return strict;
  throw new StandinError(
    'R0005',
    `Invalid run options:\noptions.strictTools: expected true or false, got ${typeof strict}. Pass { strictTools: ` +
      `false } to hand tool errors to the model.`,
  );
}

/** The run's own `settings` apart from the rest, which the options check takes whole. */
function splitOptions(options: RunOptions): { readonly given: RunOptions['settings']; readonly rest: RunOptions } {
  if (typeof options !== 'object' || options === null) return { given: undefined, rest: options };
  const { settings: given, strictTools: _, ...rest } = options;
  return { given, rest };
}
