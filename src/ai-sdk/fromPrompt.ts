import type {
  LanguageModelV4FilePart,
  LanguageModelV4Prompt,
  LanguageModelV4ToolResultPart,
  SharedV4Warning,
} from '@ai-sdk/provider';
import { StandinError } from '../errors/StandinError.js';
import type { Message, Reasoning, ToolCall, ToolResult } from '../services/spec/Provider.js';
import { continuationOf } from './continuation.js';
import type { ContentPart } from '../services/spec/ContentPart.js';

/** An AI SDK prompt as standin's request holds it. */
export interface ReadPrompt {
  readonly instructions: string | undefined;
  readonly messages: Message[];
}

/**
 * Reads an AI SDK prompt into instructions (system messages joined) and messages, an assistant's reasoning with the
 * continuation its provider options carry under `standin` (a reasoning file dropped with a warning); `A0001` for what a
 * request cannot carry.
 */
export function fromPrompt(prompt: LanguageModelV4Prompt, warnings: SharedV4Warning[]): ReadPrompt {
  const system: string[] = [];
  const messages: Message[] = [];
  prompt.forEach((message, i) => {
    const where = `prompt[${i}]`;
    switch (message.role) {
      case 'system':
        system.push(message.content);
        break;
      case 'user': {
        const parts = message.content.map((part, j): ContentPart =>
          part.type === 'text' ? { type: 'text', text: part.text } : filePart(part, `${where}.content[${j}]`),
        );
        const allText = parts.every((part) => part.type === 'text');
        messages.push({
          role: 'user',
          content: allText ? parts.map((part) => (part as { text: string }).text).join('') : parts,
        });
        break;
      }
      case 'assistant': {
        let text = '';
        const calls: ToolCall[] = [];
        const reasoning: Reasoning[] = [];
        message.content.forEach((part, j) => {
          const at = `${where}.content[${j}]`;
          if (part.type === 'text') text += part.text;
          else if (part.type === 'reasoning')
            reasoning.push({ text: part.text, ...continuationOf(part.providerOptions) });
          else if (part.type === 'reasoning-file') {
            warnings.push({
              type: 'compatibility',
              feature: 'reasoning files in the prompt',
              details: "standin's assistant messages carry reasoning as text, so the file was left out.",
            });
          } else if (part.type === 'tool-call' && part.providerExecuted !== true) {
            const { signature } = continuationOf(part.providerOptions);
            calls.push({
              id: part.toolCallId,
              tool: part.toolName,
              with: part.input,
              ...(signature === undefined ? {} : { signature }),
            });
          } else
            throw cannotCarry(
              at,
              part.type === 'tool-call'
                ? 'a provider-executed tool call'
                : `a ${part.type} part in an assistant message`,
            );
        });
        messages.push({
          role: 'assistant',
          ...(reasoning.length > 0 ? { reasoning } : {}),
          ...(calls.length === 0 || text !== '' ? { content: text } : {}),
          ...(calls.length > 0 ? { calls } : {}),
        });
        break;
      }
      case 'tool': {
        const results = message.content.map((part, j) => {
          if (part.type !== 'tool-result') throw cannotCarry(`${where}.content[${j}]`, 'a tool approval response');
          return toolResult(part, `${where}.content[${j}]`);
        });
        if (results.length > 0) messages.push({ role: 'tool', results });
        break;
      }
    }
  });
  return { instructions: system.length > 0 ? system.join('\n\n') : undefined, messages };
}

function filePart(part: LanguageModelV4FilePart, where: string): ContentPart {
  const name = part.filename !== undefined ? { name: part.filename } : {};
  const image = part.mediaType === 'image' || part.mediaType.startsWith('image/');
  const data = part.data;
  switch (data.type) {
    case 'url': {
      const url = data.originalUrl ?? data.url.href;
      if (image)
        return part.mediaType.includes('/')
          ? { type: 'image', url, mediaType: part.mediaType }
          : { type: 'image', url };
      return { type: 'file', url, mediaType: fullType(part.mediaType, where), ...name };
    }
    case 'data': {
      const bytes = typeof data.data === 'string' ? new Uint8Array(Buffer.from(data.data, 'base64')) : data.data;
      const mediaType = fullType(part.mediaType, where);
      return image ? { type: 'image', bytes, mediaType } : { type: 'file', bytes, mediaType, ...name };
    }
    case 'text':
      return {
        type: 'file',
        bytes: new TextEncoder().encode(data.text),
        mediaType: part.mediaType.includes('/') ? part.mediaType : 'text/plain',
        ...name,
      };
    case 'reference':
      throw cannotCarry(where, 'a file by provider reference');
  }
}

function toolResult(part: LanguageModelV4ToolResultPart, where: string): ToolResult {
  const base = { id: part.toolCallId, tool: part.toolName };
  const output = part.output;
  switch (output.type) {
    case 'json':
    case 'text':
      return { ...base, output: output.value };
    case 'error-text':
      return { ...base, error: output.value };
    case 'error-json':
      return { ...base, error: JSON.stringify(output.value) };
    case 'execution-denied':
      return { ...base, error: `The tool call was denied${output.reason !== undefined ? `: ${output.reason}` : '.'}` };
    case 'content': {
      if (output.value.some((item) => item.type !== 'text'))
        throw cannotCarry(where, 'a tool result with files or custom parts');
      return { ...base, output: output.value.map((item) => (item as { text: string }).text).join('') };
    }
  }
}

function fullType(mediaType: string, where: string): string {
  if (mediaType.includes('/') && !mediaType.endsWith('/*')) return mediaType;
  throw new StandinError(
    'A0001',
    `${where}: the file's media type '${mediaType}' names no subtype, and standin sends files with a full media ` +
      `type. Give the file's type, such as 'application/pdf'.`,
  );
}

function cannotCarry(where: string, what: string): StandinError {
  return new StandinError(
    'A0001',
    `${where}: standin's request cannot carry ${what}. Leave it out of the prompt, or call an AI SDK model of that ` +
      `provider directly.`,
  );
}
