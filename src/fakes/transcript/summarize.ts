import { clip } from '../../validation/formatPath.js';
import { isOrdinaryObject } from '../../validation/isOrdinaryObject.js';
import { sortKeys } from '../cassettes/stableJson.js';
import { bytesDigest } from '../../services/requests/bytesDigest.js';

/** The longest line a transcript shows: a longer text or JSON is cut, and says so with `…`. */
export const MAX_LINE_CHARS = 400;

/**
 * What a call asked: for a reply, the messages since the model last answered (and on its first step, instructions,
 * tools and output); otherwise its input as JSON.
 */
export function requestLines(call: string, input: unknown): string[] {
  if (call !== 'reply' || !isOrdinaryObject(input)) return [`${call}: ${oneLine(input)}`];
  const lines: string[] = [];
  const messages = Array.isArray(input.messages) ? (input.messages as unknown[]) : [];
  const said = (message: unknown) => isOrdinaryObject(message) && message.role === 'assistant';
  let last = messages.length - 1;
  while (last >= 0 && !said(messages[last])) last--;
  if (last < 0) {
    if (typeof input.instructions === 'string') lines.push(`instructions: ${text(input.instructions)}`);
    if (Array.isArray(input.tools) && input.tools.length > 0)
      lines.push(`tools: ${input.tools.map((tool) => (isOrdinaryObject(tool) ? String(tool.name) : '?')).join(', ')}`);
    if (input.output !== undefined) lines.push('output: a typed value');
  }
  for (const message of messages.slice(last + 1)) lines.push(...messageLines(message));
  return lines;
}

/** What a reply answered (text, calls, value), or what a record call gave back. */
export function answerLines(answer: unknown): string[] {
  if (!isOrdinaryObject(answer)) return [`result: ${oneLine(answer)}`];
  const lines: string[] = [];
  const parts = Array.isArray(answer.parts) ? answer.parts.filter(isOrdinaryObject) : [];
  const said = typeof answer.text === 'string' ? answer.text : parts.map((part) => part.text ?? '').join('');
  if (said !== '') lines.push(`text: ${text(said)}`);
  const calls = [...(Array.isArray(answer.calls) ? answer.calls : []), ...parts.map((part) => part.call)];
  for (const call of calls.filter(isOrdinaryObject))
    lines.push(`call ${String(call.tool)} ${oneLine(call.with ?? {})}`);
  if ('value' in answer) lines.push(`value: ${oneLine(answer.value)}`);
  if (lines.length === 0) lines.push(`answer: ${oneLine(answer)}`);
  return lines;
}

/** One line of JSON, keys sorted, bytes as length and digest, cut at {@link MAX_LINE_CHARS}. */
export function oneLine(value: unknown): string {
  let json: string | undefined;
  try {
    json = JSON.stringify(sortKeys(withBytes(value)));
  } catch {
    json = undefined;
  }
  return clip(json ?? String(value), MAX_LINE_CHARS);
}

/** `value` with every byte view in it (an image's, audio's bytes) as {@link bytesText}. */
function withBytes(value: unknown): unknown {
  if (ArrayBuffer.isView(value)) return bytesText(value);
  if (Array.isArray(value)) return value.map(withBytes);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withBytes(item)]));
}

/** Bytes as a transcript shows them: how many, and the start of their SHA-256, so other bytes read otherwise. */
function bytesText(view: ArrayBufferView): string {
  const { length, sha256 } = bytesDigest(new Uint8Array(view.buffer, view.byteOffset, view.byteLength));
  return `<${length} bytes sha256:${sha256.slice(0, 12)}>`;
}

function messageLines(message: unknown): string[] {
  if (!isOrdinaryObject(message)) return [`message: ${oneLine(message)}`];
  if (message.role === 'tool') {
    const results = Array.isArray(message.results) ? message.results.filter(isOrdinaryObject) : [];
    return results.map((result) =>
      typeof result.error === 'string'
        ? `tool ${String(result.tool)} error: ${text(result.error)}`
        : `tool ${String(result.tool)}: ${oneLine(result.output)}`,
    );
  }
  const lines = [`${String(message.role)}: ${content(message.content)}`];
  if (message.role === 'assistant') {
    if (message.content === undefined) lines.length = 0;
    const calls = Array.isArray(message.calls) ? message.calls.filter(isOrdinaryObject) : [];
    for (const call of calls) lines.push(`assistant call ${String(call.tool)} ${oneLine(call.with ?? {})}`);
  }
  return lines;
}

function content(value: unknown): string {
  if (typeof value === 'string') return text(value);
  if (!Array.isArray(value)) return oneLine(value);
  const parts = value.map((part) =>
    isOrdinaryObject(part) && typeof part.text === 'string'
      ? part.text
      : isOrdinaryObject(part)
        ? `[${String(part.type)}]`
        : '?',
  );
  return text(parts.join(' '));
}

/** A text on one line: its line breaks shown as `⏎`, cut at the line limit. */
function text(value: string): string {
  return clip(value.replace(/\r?\n/g, ' ⏎ '), MAX_LINE_CHARS);
}
