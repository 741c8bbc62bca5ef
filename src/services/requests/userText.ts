import type { UserMessage } from '../spec/Provider.js';

/**
 * The text of a user message: its content when that is a string, else its text parts joined.
 * Images and files are left out.
 *
 * @example
 * ```ts
 * userText({ role: 'user', content: [{ type: 'text', text: 'What is this?' }, { type: 'image', url: 'https://example.com/a.png' }] });
 * // 'What is this?'
 * ```
 */
export function userText(message: UserMessage): string {
  if (typeof message.content === 'string') return message.content;
  let text = '';
  for (const part of message.content) if (part.type === 'text') text += part.text;
  return text;
}
