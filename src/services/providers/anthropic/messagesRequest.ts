import { StandinError } from '../../../errors/StandinError.js';
import { closedSchema } from '../../../protocols/closedSchema.js';
import { wireJson } from '../http/wireJson.js';
import type { ReplyRequest } from '../../spec/Provider.js';
import { messagesUserContent } from './messagesContent.js';
import { messagesSettings } from './messagesSettings.js';
import { DEFAULT_MAX_TOKENS, type AnthropicProviderSettings } from './AnthropicProviderSettings.js';

type Block = Record<string, unknown>;

/**
 * The Messages API body of a reply request, streamed: `instructions` become `system`; an
 * assistant message becomes a text block and a `tool_use` block per call; tool results become
 * `tool_result` blocks (the output as JSON, or the error's text with `is_error: true`) in a user
 * turn; turns of the same role next to each other are joined, as the API wants them; tools
 * carry `input_schema`; a typed value asks for `output_config.format` (`json_schema`, every
 * object closed), so the reply's text is the value's JSON. `max_tokens` is the settings' or 4096.
 * A user message's images and files become blocks ({@link messagesUserContent}); the call's
 * settings their wire fields ({@link messagesSettings}); `settings.providerOptions[providerName]`
 * is added to the body as it is, over the adapter's `body`.
 *
 * @example
 * ```ts
 * messagesRequest({ model: 'claude-sonnet-4-5', messages: [{ role: 'user', content: 'Hi' }] }, {});
 * // { model, max_tokens: 4096, messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }], stream: true }
 * ```
 */
export function messagesRequest(
  request: ReplyRequest,
  settings: AnthropicProviderSettings,
  providerName = 'anthropic',
): Record<string, unknown> {
  const messages: { role: 'user' | 'assistant'; content: Block[] }[] = [];
  const add = (role: 'user' | 'assistant', blocks: Block[]): void => {
    if (blocks.length === 0) return;
    const last = messages.at(-1);
    if (last?.role === role) last.content.push(...blocks);
    else messages.push({ role, content: blocks });
  };
  request.messages.forEach((message, i) => {
    switch (message.role) {
      case 'user':
        add('user', messagesUserContent(message.content, `request.messages[${i}]`));
        break;
      case 'assistant': {
        const blocks: Block[] = [];
        if (message.content !== undefined && message.content !== '')
          blocks.push({ type: 'text', text: message.content });
        message.calls?.forEach((call, j) => {
          blocks.push({
            type: 'tool_use',
            id: call.id,
            name: call.tool,
            input: toolInput(call.with, `request.messages[${i}].calls[${j}].with`),
          });
        });
        add('assistant', blocks);
        break;
      }
      case 'tool':
        add(
          'user',
          message.results.map((result, j) =>
            result.error !== undefined
              ? { type: 'tool_result', tool_use_id: result.id, content: result.error, is_error: true }
              : {
                  type: 'tool_result',
                  tool_use_id: result.id,
                  content: wireJson(result.output ?? null, `request.messages[${i}].results[${j}].output`),
                },
          ),
        );
        break;
    }
  });
  const extra = { ...settings.body, ...request.settings?.providerOptions?.[providerName] };
  const body: Record<string, unknown> = {
    ...extra,
    model: request.model,
    max_tokens: settings.maxTokens ?? DEFAULT_MAX_TOKENS,
    messages,
    stream: true,
  };
  if (request.instructions !== undefined) body.system = request.instructions;
  if (request.tools !== undefined && request.tools.length > 0) {
    body.tools = request.tools.map((tool) => ({
      name: tool.name,
      ...(tool.description !== undefined ? { description: tool.description } : {}),
      input_schema: tool.input,
    }));
  }
  if (request.output !== undefined) {
    const config = isRecord(extra.output_config) ? extra.output_config : {};
    body.output_config = {
      ...config,
      format: { type: 'json_schema', schema: closedSchema(request.output.schema).schema },
    };
  }
  if (request.settings !== undefined) messagesSettings(body, request.settings);
  return body;
}

/** A tool call's input as a `tool_use` block holds it: a JSON object. */
function toolInput(value: unknown, where: string): Record<string, unknown> {
  if (value === undefined) return {};
  const parsed: unknown = JSON.parse(wireJson(value, where));
  if (!isRecord(parsed)) {
    throw new StandinError(
      'P0005',
      `${where} must be a JSON object: Anthropic's tool_use blocks carry their input as an object. Give the call an ` +
        `object input.`,
    );
  }
  return parsed;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
