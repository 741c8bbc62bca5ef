import type { ChatRead } from '../../../protocols/openai/chatRequest.js';
import type { CallSettings } from '../../../services/spec/CallSettings.js';
import type { Message, ReplyRequest } from '../../../services/spec/Provider.js';

/** The fields a plain body may hold; any other goes the schema's way, which knows every field OpenAI documents. */
const PLAIN_FIELDS = new Set(['model', 'messages', 'stream', 'stream_options', 'temperature']);

/**
 * A plain Chat Completions body read without zod: a model, text messages (system, developer, user, assistant) and at
 * most `stream`, `stream_options.include_usage` and `temperature`, each well formed. Answers what `readChat` answers
 * for it, or undefined for any other body, which `readChat` reads, or refuses with its codes.
 */
export function quickChat(body: Record<string, unknown>, deployment: string | undefined): ChatRead | undefined {
  for (const field in body) if (!PLAIN_FIELDS.has(field)) return undefined;
  // The path's deployment (Azure's) stands in for the body's model, as readChat lays it over the body.
  const model = deployment ?? body.model;
  if (typeof model !== 'string' || model.length === 0) return undefined;
  const { stream, stream_options: streamOptions, temperature } = body;
  if (stream !== undefined && stream !== null && typeof stream !== 'boolean') return undefined;
  let usage = false;
  if (streamOptions !== undefined && streamOptions !== null) {
    if (typeof streamOptions !== 'object' || Array.isArray(streamOptions)) return undefined;
    for (const field in streamOptions) if (field !== 'include_usage') return undefined;
    const include = (streamOptions as { include_usage?: unknown }).include_usage;
    if (include !== undefined && typeof include !== 'boolean') return undefined;
    usage = include === true;
  }
  const inRange = typeof temperature === 'number' && temperature >= 0 && temperature <= 2;
  if (temperature !== undefined && temperature !== null && !inRange) return undefined;
  const read = plainMessages(body.messages);
  if (read === undefined) return undefined;
  const request: { -readonly [K in keyof ReplyRequest]: ReplyRequest[K] } = { model, messages: read.messages };
  if (read.instructions.length > 0) request.instructions = read.instructions.join('\n\n');
  if (typeof temperature === 'number') request.settings = { temperature } satisfies CallSettings;
  const streamed = stream === true;
  return { request, stream: streamed, includeUsage: streamed && usage };
}

/** Text messages as `readChat` reads them; undefined for any message that is not a plain text one. */
function plainMessages(value: unknown): { messages: Message[]; instructions: string[] } | undefined {
  if (!Array.isArray(value) || value.length === 0) return undefined;
  const messages: Message[] = [];
  const instructions: string[] = [];
  for (const message of value as unknown[]) {
    if (typeof message !== 'object' || message === null || Array.isArray(message)) return undefined;
    let role: unknown;
    let content: unknown;
    for (const field in message) {
      const at = (message as Record<string, unknown>)[field];
      if (field === 'role') role = at;
      else if (field === 'content') content = at;
      else if (field !== 'name' || typeof at !== 'string') return undefined;
    }
    if (typeof content !== 'string') return undefined;
    if (role === 'user') messages.push({ role: 'user', content });
    else if (role === 'assistant')
      messages.push(content === '' ? { role: 'assistant' } : { role: 'assistant', content });
    else if (role === 'system' || role === 'developer') instructions.push(content);
    else return undefined;
  }
  // Only system messages: the schema's way refuses it, naming messages.
  return messages.length === 0 ? undefined : { messages, instructions };
}
