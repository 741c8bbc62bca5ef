import type { LanguageModelV4CallOptions, SharedV4ProviderOptions, SharedV4Warning } from '@ai-sdk/provider';
import { z } from 'zod';
import { StandinError } from '../errors/StandinError.js';
import type { CallOptions } from '../services/engine/Engine.js';
import type { ReplyInput } from '../services/requests/prepareReply.js';
import type { CallSettings } from '../services/spec/CallSettings.js';
import type { Tool } from '../services/runs/tool.js';
import { fromPrompt } from './fromPrompt.js';
import type { JsonShapes } from './JsonShapes.js';

/** An AI SDK call, as standin's engine takes it. */
export interface ReadCall {
  readonly input: ReplyInput;
  readonly options: CallOptions;
  readonly warnings: SharedV4Warning[];
}

/**
 * Reads an AI SDK call as standin's input and options; tools are read as zod shapes and never run.
 * `providerOptions.standin.requestId` names the call's step, else each call is its own. Settings standin has no place
 * for become `unsupported` warnings, as the AI SDK reports what a provider drops; headers are ignored, as the engine is
 * no HTTP endpoint.
 */
export function fromCallOptions(call: LanguageModelV4CallOptions, shapes: JsonShapes): ReadCall {
  const warnings: SharedV4Warning[] = [];
  const { instructions, messages } = fromPrompt(call.prompt, warnings);
  const input: { -readonly [K in keyof ReplyInput]: ReplyInput[K] } = { messages };
  if (instructions !== undefined) input.instructions = instructions;
  const tools: Record<string, Tool> = {};
  for (const spec of call.tools ?? []) {
    if (spec.type !== 'function') {
      warnings.push({
        type: 'unsupported',
        feature: `provider tool '${spec.name}'`,
        details: 'standin sends function tools only.',
      });
      continue;
    }
    tools[spec.name] = {
      ...(spec.description !== undefined ? { description: spec.description } : {}),
      input: shapes.of(spec.inputSchema, `tool '${spec.name}'`),
      run: () => {
        throw new StandinError(
          'A0007',
          `The tool '${spec.name}' belongs to the AI SDK, which runs it; standin only tells the model about it.`,
        );
      },
    };
  }
  if (Object.keys(tools).length > 0) input.tools = tools;
  if (call.responseFormat?.type === 'json') {
    input.output =
      call.responseFormat.schema !== undefined
        ? shapes.of(call.responseFormat.schema, 'the response format')
        : z.json();
  }
  const settings = readSettings(call, warnings);
  const given = call.providerOptions;
  let standin: unknown;
  if (given !== undefined) {
    // Checked by hand rather than by a schema: this runs on every AI SDK call.
    let others: Record<string, SharedV4ProviderOptions[string]> | undefined;
    for (const name in given) {
      if (name === 'standin') standin = given[name];
      else (others ??= {})[name] = given[name]!;
    }
    if (others !== undefined) settings.providerOptions = others;
  }
  if (Object.keys(settings).length > 0) input.settings = settings;
  const options: { -readonly [K in keyof CallOptions]: CallOptions[K] } = {};
  if (call.abortSignal !== undefined) options.signal = call.abortSignal;
  if (standin !== undefined) {
    const requestId = standinRequestId(standin);
    // A request id the caller names is a step the caller names: the same id replays the step's answer.
    if (requestId !== undefined) Object.assign(options, { requestId, stepKey: `call:${requestId}` });
  }
  return { input, options, warnings };
}

function readSettings(
  call: LanguageModelV4CallOptions,
  warnings: SharedV4Warning[],
): { -readonly [K in keyof CallSettings]: CallSettings[K] } {
  const settings: { -readonly [K in keyof CallSettings]: CallSettings[K] } = {};
  if (call.temperature !== undefined) settings.temperature = call.temperature;
  if (call.topP !== undefined) settings.topP = call.topP;
  if (call.maxOutputTokens !== undefined) settings.maxOutputTokens = call.maxOutputTokens;
  if (call.stopSequences !== undefined && call.stopSequences.length > 0) settings.stopSequences = call.stopSequences;
  if (call.seed !== undefined) settings.seed = call.seed;
  const choice = call.toolChoice;
  if (choice !== undefined && call.tools !== undefined && call.tools.length > 0)
    settings.toolChoice = choice.type === 'tool' ? { tool: choice.toolName } : choice.type;
  if (call.topK !== undefined) warnings.push(dropped('topK'));
  if (call.presencePenalty !== undefined) warnings.push(dropped('presencePenalty'));
  if (call.frequencyPenalty !== undefined) warnings.push(dropped('frequencyPenalty'));
  if (call.reasoning !== undefined && call.reasoning !== 'provider-default') warnings.push(dropped('reasoning'));
  return settings;
}

function dropped(feature: string): SharedV4Warning {
  return { type: 'unsupported', feature, details: `standin's request has no ${feature}; it was not sent.` };
}

/** `providerOptions.standin`'s request id; `E0003` for anything but `{ requestId?: string }`. */
function standinRequestId(standin: unknown): string | undefined {
  if (typeof standin === 'object' && standin !== null && !Array.isArray(standin)) {
    let requestId: unknown;
    let fits = true;
    for (const key in standin) {
      if (key === 'requestId') requestId = (standin as { requestId: unknown }).requestId;
      else fits = false;
    }
    if (fits && (requestId === undefined || (typeof requestId === 'string' && requestId.length > 0)))
      return requestId as string | undefined;
  }
  throw new StandinError(
    'E0003',
    `Invalid request:\nproviderOptions.standin: takes only { requestId?: a non-empty string }, got ` +
      `${JSON.stringify(standin)}.`,
  );
}
