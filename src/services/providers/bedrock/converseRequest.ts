import { StandinError } from '../../../errors/StandinError.js';
import { cannotHonour } from '../../requests/cannotSend.js';
import { closedSchema } from '../../../protocols/closedSchema.js';
import { wireJson } from '../http/wireJson.js';
import type { CallSettings } from '../../spec/CallSettings.js';
import type { ReplyRequest } from '../../spec/Provider.js';
import type { BedrockProviderSettings } from './BedrockProviderSettings.js';
import { converseUserContent } from './converseContent.js';

type Block = Record<string, unknown>;

/**
 * The Converse (and ConverseStream) body of a reply request; the model goes in the path.
 * `instructions` become `system`; an assistant message becomes a text block and a `toolUse` block
 * per call; tool results become `toolResult` blocks in a user turn (an object output as `json`,
 * any other as its JSON `text`, an error as text with `status: 'error'`); turns of one role next to
 * each other are joined, as Converse wants them; tools are `toolConfig.tools[].toolSpec` with
 * `inputSchema.json`; a typed value asks for `outputConfig.textFormat` (`json_schema`, every object
 * closed), so the reply's text is the value's JSON. `inferenceConfig` holds `maxTokens` (the
 * call's, else the settings'), `temperature`, `topP` and `stopSequences`. The settings' `body` and
 * `settings.providerOptions[providerName]` are added as they are (`additionalModelRequestFields`,
 * `guardrailConfig`, ...), under the fields written here.
 *
 * @example
 * ```ts
 * converseRequest({ model: 'amazon.nova-lite-v1:0', messages: [{ role: 'user', content: 'Hi' }] }, {});
 * // { messages: [{ role: 'user', content: [{ text: 'Hi' }] }] }
 * ```
 */
export function converseRequest(
  request: ReplyRequest,
  settings: BedrockProviderSettings,
  providerName = 'bedrock',
): Record<string, unknown> {
  const messages: { role: 'user' | 'assistant'; content: Block[] }[] = [];
  const add = (role: 'user' | 'assistant', blocks: Block[]): void => {
    if (blocks.length === 0) return;
    const last = messages.at(-1);
    if (last?.role === role) last.content.push(...blocks);
    else messages.push({ role, content: blocks });
  };
  request.messages.forEach((message, i) => {
    const where = `request.messages[${i}]`;
    switch (message.role) {
      case 'user':
        add('user', converseUserContent(message.content, where));
        break;
      case 'assistant': {
        const blocks: Block[] = [];
        if (message.content !== undefined && message.content !== '') blocks.push({ text: message.content });
        message.calls?.forEach((call, j) => {
          const input = toolInput(call.with, `${where}.calls[${j}].with`);
          blocks.push({ toolUse: { toolUseId: call.id, name: call.tool, input } });
        });
        add('assistant', blocks);
        break;
      }
      case 'tool':
        add(
          'user',
          message.results.map((result, j) => {
            if (result.error !== undefined)
              return { toolResult: { toolUseId: result.id, content: [{ text: result.error }], status: 'error' } };
            const output: unknown = JSON.parse(wireJson(result.output ?? null, `${where}.results[${j}].output`));
            const content = isRecord(output) ? { json: output } : { text: JSON.stringify(output) };
            return { toolResult: { toolUseId: result.id, content: [content], status: 'success' } };
          }),
        );
        break;
    }
  });
  const body: Record<string, unknown> = {
    ...settings.body,
    ...request.settings?.providerOptions?.[providerName],
    messages,
  };
  if (request.instructions !== undefined && request.instructions !== '') body.system = [{ text: request.instructions }];
  const inference = inferenceConfig(settings, request.settings);
  if (Object.keys(inference).length > 0) body.inferenceConfig = inference;
  const tools = request.tools ?? [];
  const choice = request.settings?.toolChoice;
  if (tools.length > 0 && choice !== 'none') {
    body.toolConfig = {
      tools: tools.map((tool) => ({
        toolSpec: {
          name: tool.name,
          ...(tool.description !== undefined ? { description: tool.description } : {}),
          inputSchema: { json: tool.input },
        },
      })),
      ...(choice === undefined || choice === 'auto'
        ? {}
        : { toolChoice: typeof choice === 'object' ? { tool: { name: choice.tool } } : { any: {} } }),
    };
  } else if (choice !== undefined && choice !== 'auto' && choice !== 'none') {
    throw cannotHonour('Bedrock Converse', 'toolChoice', 'the request offers no tools to choose from');
  }
  if (request.output !== undefined) {
    const schema = JSON.stringify(closedSchema(request.output.schema).schema);
    body.outputConfig = {
      ...(isRecord(body.outputConfig) ? body.outputConfig : {}),
      textFormat: { type: 'json_schema', structure: { jsonSchema: { schema, name: request.output.name } } },
    };
  }
  return body;
}

/** The call's sampling settings, over the adapter's `maxTokens`. `seed` is dropped: Converse has none. */
function inferenceConfig(settings: BedrockProviderSettings, call: CallSettings | undefined): Record<string, unknown> {
  const config: Record<string, unknown> = {};
  const maxTokens = call?.maxOutputTokens ?? settings.maxTokens;
  if (maxTokens !== undefined) config.maxTokens = maxTokens;
  if (call?.temperature !== undefined) config.temperature = call.temperature;
  if (call?.topP !== undefined) config.topP = call.topP;
  if (call?.stopSequences !== undefined) config.stopSequences = [...call.stopSequences];
  return config;
}

/** A tool call's input as a `toolUse` block holds it: a JSON object. */
function toolInput(value: unknown, where: string): Record<string, unknown> {
  if (value === undefined) return {};
  const parsed: unknown = JSON.parse(wireJson(value, where));
  if (!isRecord(parsed)) {
    throw new StandinError(
      'P0005',
      `${where} must be a JSON object: Bedrock's toolUse blocks carry their input as an object. Give the call an ` +
        `object input.`,
    );
  }
  return parsed;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
