import type { z } from 'zod';
import type { Tool } from '../runs/tool.js';
import type { Message, OutputSpec, ReplyRequest, ToolSpec } from '../spec/Provider.js';
import type { CallSettings } from '../spec/CallSettings.js';
import { invalid } from './invalid.js';
import { jsonSchemaOf } from './jsonSchemaOf.js';
import { plainOptions, plainReplyInput } from './plainInput.js';
import { checkSettings } from './settingsSchema.js';
import { callOptionsSchema, replyInputSchema } from './requestSchemas.js';

/**
 * What a caller asks a model: instructions, the conversation (a string is one user message),
 * the tools it may ask for, and the shape of the typed value it should give.
 *
 * @example
 * ```ts
 * const input: ReplyInput = { instructions: 'Be brief.', messages: 'Hello' };
 * ```
 */
export interface ReplyInput<O = unknown> {
  readonly instructions?: string | undefined;
  readonly messages: string | readonly Message[];
  readonly tools?: Readonly<Record<string, Tool>> | undefined;
  readonly output?: z.ZodType<O> | undefined;
  /** Sampling, length, stop, tool-choice and seed settings, and options for one provider. */
  readonly settings?: CallSettings | undefined;
}

/** A checked reply input: the request providers are sent (without the model id), and the typed value's zod shape. */
export interface PreparedReply {
  readonly request: Omit<ReplyRequest, 'model'>;
  readonly output: z.ZodType | undefined;
}

/** Checks a reply input (`E0003`) and writes the request providers are sent. */
export function prepareReply(input: ReplyInput): PreparedReply {
  const plain = plainText(input);
  if (plain !== undefined) return plain;
  const parsed = replyInputSchema.safeParse(input);
  if (!parsed.success) throw invalid('request', input, parsed.error.issues, replyInputSchema);
  const request: { -readonly [K in keyof ReplyRequest]?: ReplyRequest[K] } = {
    messages: typeof input.messages === 'string' ? [{ role: 'user', content: input.messages }] : input.messages,
  };
  if (input.instructions !== undefined) request.instructions = input.instructions;
  if (input.tools !== undefined) request.tools = toolSpecs(input.tools);
  if (input.output !== undefined) request.output = outputSpec(input.output);
  if (input.settings !== undefined) request.settings = checkSettings(input.settings, input.tools);
  return { request: request as Omit<ReplyRequest, 'model'>, output: input.output };
}

/** The commonest input prepared without zod: one {@link plainReplyInput} accepts, as the schema would. */
function plainText(input: ReplyInput): PreparedReply | undefined {
  if (!plainReplyInput(input)) return undefined;
  const { messages, instructions } = input;
  const request: { -readonly [K in keyof ReplyRequest]?: ReplyRequest[K] } = {
    messages: typeof messages === 'string' ? [{ role: 'user', content: messages }] : messages,
  };
  if (instructions !== undefined) request.instructions = instructions;
  return { request: request as Omit<ReplyRequest, 'model'>, output: undefined };
}

/** The tools as providers see them: name, description and the JSON Schema of the input. */
export function toolSpecs(tools: Readonly<Record<string, Tool>>): ToolSpec[] {
  return Object.entries(tools).map(([name, t]) => {
    const spec: { name: string; input: z.core.JSONSchema.BaseSchema; description?: string } = {
      name,
      input: jsonSchemaOf(t.input, `The input shape of tool '${name}'`),
    };
    if (t.description !== undefined) spec.description = t.description;
    return spec;
  });
}

/** The typed value's shape as providers see it. */
export function outputSpec(output: z.ZodType): OutputSpec {
  return { name: 'value', schema: jsonSchemaOf(output, 'The output shape') };
}

/** The options of a call given none: one frozen object, read and never written. */
const NO_OPTIONS: Record<string, never> = Object.freeze({});

/** Checks a call's options (`E0003`), answering them as they are; no work at all for none. */
export function checkOptions<O extends object>(options: O | undefined): O | Record<string, never> {
  if (options === undefined || options === null) return NO_OPTIONS;
  // A string's keys are its characters: an 8 MB string must fail on its type, not be walked.
  if (typeof options !== 'object' || Array.isArray(options))
    throw invalid('options', options, callOptionsSchema.safeParse(options).error?.issues ?? []);
  let empty = true;
  for (const _ in options) {
    empty = false;
    break;
  }
  if (empty) return NO_OPTIONS;
  if (plainOptions(options)) return options;
  const parsed = callOptionsSchema.safeParse(options);
  if (!parsed.success) throw invalid('options', options, parsed.error.issues, callOptionsSchema);
  return options;
}
