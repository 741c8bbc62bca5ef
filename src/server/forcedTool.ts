import type { Reply } from '../services/engine/Reply.js';
import type { ReplyInput } from '../services/requests/prepareReply.js';

/**
 * The tool a request forces, when it asks for no typed value of its own: the tool its tool choice names (`named`), or
 * its one tool when the choice asks for any tool (`any`). That is how a client asks a model with no structured output
 * of its own for a typed value (`@ai-sdk/amazon-bedrock`'s tool `json`, LangChain's `withStructuredOutput` on
 * Anthropic): the request is given the tool's input as its output shape, so a `{ value }` answer fits it, and
 * {@link forcedReply} answers that value as the tool's call. A `{ calls }` answer to the tool works as before.
 *
 * @example
 * ```ts
 * const forced = forcedTool(input, choice.tool?.name, choice.any !== undefined);
 * if (forced !== undefined) input = forced.input;
 * ```
 */
export function forcedTool(
  input: ReplyInput,
  named: string | undefined,
  any: boolean,
): { readonly input: ReplyInput; readonly tool: string } | undefined {
  const tools = input.tools;
  if (tools === undefined || input.output !== undefined) return undefined;
  const names = Object.keys(tools);
  const tool = named ?? (any && names.length === 1 ? names[0] : undefined);
  if (tool === undefined || !Object.hasOwn(tools, tool)) return undefined;
  return { input: { ...input, output: tools[tool]!.input }, tool };
}

/**
 * A reply to a request that forces `tool`, as the model answers one: its typed value as the tool's call (id `id`),
 * ending in a tool call. A reply with no value is as it is.
 *
 * @example
 * ```ts
 * const reply = forcedReply(await app.reply(model, input), 'json', 'toolu_req_1');
 * ```
 */
export function forcedReply(reply: Reply, tool: string, id: string): Reply {
  if (reply.value === undefined) return reply;
  return { ...reply, value: undefined, calls: [...reply.calls, { id, tool, with: reply.value }], finish: 'calls' };
}
