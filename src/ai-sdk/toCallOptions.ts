import type {
  JSONValue,
  LanguageModelV4CallOptions,
  LanguageModelV4FilePart,
  LanguageModelV4Message,
  LanguageModelV4TextPart,
  SharedV4ProviderOptions,
} from '@ai-sdk/provider';
import type { CallContext, ReplyRequest } from '../services/spec/Provider.js';
import type { ContentPart } from '../services/spec/ContentPart.js';

/** A reply request as an AI SDK model call, with the call's abort signal. */
export function toCallOptions(request: ReplyRequest, context: CallContext): LanguageModelV4CallOptions {
  const prompt: LanguageModelV4Message[] = [];
  if (request.instructions !== undefined) prompt.push({ role: 'system', content: request.instructions });
  for (const message of request.messages) {
    switch (message.role) {
      case 'user':
        prompt.push({
          role: 'user',
          content:
            typeof message.content === 'string'
              ? [{ type: 'text', text: message.content }]
              : message.content.map(promptPart),
        });
        break;
      case 'assistant':
        prompt.push({
          role: 'assistant',
          content: [
            ...(message.content !== undefined && message.content !== ''
              ? [{ type: 'text' as const, text: message.content }]
              : []),
            ...(message.calls ?? []).map((call) => ({
              type: 'tool-call' as const,
              toolCallId: call.id,
              toolName: call.tool,
              input: call.with ?? {},
            })),
          ],
        });
        break;
      case 'tool':
        prompt.push({
          role: 'tool',
          content: message.results.map((result) => ({
            type: 'tool-result' as const,
            toolCallId: result.id,
            toolName: result.tool,
            output:
              result.error !== undefined
                ? { type: 'error-text' as const, value: result.error }
                : { type: 'json' as const, value: (result.output ?? null) as JSONValue },
          })),
        });
        break;
    }
  }
  const call: LanguageModelV4CallOptions = { prompt, abortSignal: context.signal };
  if (request.tools !== undefined && request.tools.length > 0) {
    call.tools = request.tools.map((tool) => ({
      type: 'function',
      name: tool.name,
      ...(tool.description !== undefined ? { description: tool.description } : {}),
      inputSchema: tool.input as never,
    }));
  }
  if (request.output !== undefined)
    call.responseFormat = { type: 'json', schema: request.output.schema as never, name: request.output.name };
  const settings = request.settings;
  if (settings !== undefined) {
    if (settings.temperature !== undefined) call.temperature = settings.temperature;
    if (settings.topP !== undefined) call.topP = settings.topP;
    if (settings.maxOutputTokens !== undefined) call.maxOutputTokens = settings.maxOutputTokens;
    if (settings.stopSequences !== undefined) call.stopSequences = [...settings.stopSequences];
    if (settings.seed !== undefined) call.seed = settings.seed;
    const choice = settings.toolChoice;
    if (choice !== undefined)
      call.toolChoice = typeof choice === 'object' ? { type: 'tool', toolName: choice.tool } : { type: choice };
    if (settings.providerOptions !== undefined)
      call.providerOptions = settings.providerOptions as SharedV4ProviderOptions;
  }
  return call;
}

function promptPart(part: ContentPart): LanguageModelV4TextPart | LanguageModelV4FilePart {
  if (part.type === 'text') return { type: 'text', text: part.text };
  const data =
    'url' in part ? { type: 'url' as const, url: new URL(part.url) } : { type: 'data' as const, data: part.bytes };
  const mediaType = part.mediaType ?? 'image';
  return part.type === 'file' && part.name !== undefined
    ? { type: 'file', data, mediaType, filename: part.name }
    : { type: 'file', data, mediaType };
}
