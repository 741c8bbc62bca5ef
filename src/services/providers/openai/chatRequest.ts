import { closedSchema } from '../http/closedSchema.js';
import { wireJson } from '../http/wireJson.js';
import type { ReplyRequest } from '../../spec/Provider.js';
import { chatUserContent } from './chatContent.js';
import { chatSettings } from './chatSettings.js';
import type { OpenAIProviderSettings } from './OpenAIProviderSettings.js';

/**
 * The Chat Completions body of a reply request, always streamed with usage:
 * `instructions` become the system message; an assistant message's calls become `tool_calls`
 * (arguments as a JSON string); each tool result becomes a `tool` message answering its call id,
 * with the output as JSON or the error's text; tools become `tools[].function`; a typed value
 * asks for `response_format: json_schema` (strict when the schema allows it). A user message's
 * images and files go as content parts ({@link chatUserContent}); the call's settings as their
 * wire fields ({@link chatSettings}); `settings.providerOptions[providerName]` is added to the
 * body as it is, over the adapter's `body`.
 *
 * @example
 * ```ts
 * chatRequest({ model: 'gpt-4.1-mini', messages: [{ role: 'user', content: 'Hi' }] }, {});
 * // { model: 'gpt-4.1-mini', messages: [{ role: 'user', content: 'Hi' }], stream: true, stream_options: { include_usage: true } }
 * ```
 */
export function chatRequest(
  request: ReplyRequest,
  settings: OpenAIProviderSettings,
  providerName = 'openai',
): Record<string, unknown> {
  const messages: Record<string, unknown>[] = [];
  if (request.instructions !== undefined) messages.push({ role: 'system', content: request.instructions });
  request.messages.forEach((message, i) => {
    switch (message.role) {
      case 'user':
        messages.push({ role: 'user', content: chatUserContent(message.content, `request.messages[${i}]`) });
        break;
      case 'assistant': {
        const said: Record<string, unknown> = { role: 'assistant', content: message.content ?? null };
        if (message.calls !== undefined && message.calls.length > 0) {
          said.tool_calls = message.calls.map((call, j) => ({
            id: call.id,
            type: 'function',
            function: {
              name: call.tool,
              arguments: wireJson(call.with ?? {}, `request.messages[${i}].calls[${j}].with`),
            },
          }));
        } else if (said.content === null) {
          said.content = '';
        }
        messages.push(said);
        break;
      }
      case 'tool':
        message.results.forEach((result, j) => {
          const content =
            result.error !== undefined
              ? result.error
              : wireJson(result.output ?? null, `request.messages[${i}].results[${j}].output`);
          messages.push({ role: 'tool', tool_call_id: result.id, content });
        });
        break;
    }
  });
  const extra = { ...settings.body, ...request.settings?.providerOptions?.[providerName] };
  const body: Record<string, unknown> = {
    ...extra,
    model: request.model,
    messages,
    stream: true,
    stream_options: { ...(isRecord(extra.stream_options) ? extra.stream_options : {}), include_usage: true },
  };
  if (request.tools !== undefined && request.tools.length > 0) {
    body.tools = request.tools.map((tool) => ({
      type: 'function',
      function: {
        name: tool.name,
        ...(tool.description !== undefined ? { description: tool.description } : {}),
        parameters: tool.input,
      },
    }));
  }
  if (request.output !== undefined) {
    const closed = closedSchema(request.output.schema);
    body.response_format = {
      type: 'json_schema',
      json_schema: { name: request.output.name, schema: closed.schema, strict: closed.strict },
    };
  }
  if (settings.maxTokens !== undefined) body.max_completion_tokens = settings.maxTokens;
  if (request.settings !== undefined) chatSettings(body, request.settings);
  return body;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
