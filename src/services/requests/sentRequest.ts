import type { AssistantMessage, ReplyRequest, ToolMessage } from '../spec/Provider.js';
import { bytesDigest, type BytesDigest } from './bytesDigest.js';
import type { ContentPart, FilePart, ImagePart } from '../spec/ContentPart.js';

/** A content part as a fake records it: an image's or a file's bytes become their length and SHA-256. */
export type SentContentPart =
  | Exclude<ContentPart, ImagePart | FilePart>
  | Extract<ImagePart | FilePart, { readonly url: string }>
  | { readonly type: 'image'; readonly bytes: BytesDigest; readonly mediaType: string }
  | {
      readonly type: 'file';
      readonly bytes: BytesDigest;
      readonly mediaType: string;
      readonly name?: string | undefined;
    };

/** A message as a fake records it. */
export type SentMessage =
  { readonly role: 'user'; readonly content: string | readonly SentContentPart[] } | AssistantMessage | ToolMessage;

/**
 * A reply request as a fake records it in `sent`: the request itself, except that the bytes of
 * images and files are kept as `{ length, sha256 }`, so `sent` stays small and can be compared.
 *
 * @example
 * ```ts
 * const [first] = writer.sent;
 * if (first?.call === 'reply') first.input.messages;
 * // [{ role: 'user', content: [{ type: 'image', bytes: { length: 68, sha256: '…' }, mediaType: 'image/png' }] }]
 * ```
 */
export type SentReplyRequest = Omit<ReplyRequest, 'messages'> & { readonly messages: readonly SentMessage[] };

/** The request as `sent` keeps it: the same object when it carries no bytes. */
export function sentRequest(request: ReplyRequest): SentReplyRequest {
  // Checked just above: no user message holds bytes, so every message is already as sent.
  if (!request.messages.some(hasBytes)) return request as SentReplyRequest;
  return {
    ...request,
    messages: request.messages.map((message): SentMessage =>
      message.role === 'user' && typeof message.content !== 'string'
        ? { role: 'user', content: message.content.map(sentPart) }
        : (message as SentMessage),
    ),
  };
}

function hasBytes(message: ReplyRequest['messages'][number]): boolean {
  return (
    message.role === 'user' && typeof message.content !== 'string' && message.content.some((part) => 'bytes' in part)
  );
}

function sentPart(part: ContentPart): SentContentPart {
  if (!('bytes' in part)) return part;
  return { ...part, bytes: bytesDigest(part.bytes) };
}
