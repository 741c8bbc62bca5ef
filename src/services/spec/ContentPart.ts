/**
 * A piece of text in a user message that also carries images or files.
 *
 * @example
 * ```ts
 * const part: TextPart = { type: 'text', text: 'What is in this picture?' };
 * ```
 */
export interface TextPart {
  readonly type: 'text';
  readonly text: string;
}

/**
 * An image in a user message: at an `http(s)` URL the provider fetches, or its bytes with their
 * media type (`image/png`, `image/jpeg`, `image/gif`, `image/webp`).
 *
 * @example
 * ```ts
 * const byUrl: ImagePart = { type: 'image', url: 'https://example.com/cat.png' };
 * const byBytes: ImagePart = { type: 'image', bytes: await readFile('cat.png'), mediaType: 'image/png' };
 * ```
 */
export type ImagePart =
  | { readonly type: 'image'; readonly url: string; readonly mediaType?: string | undefined }
  | { readonly type: 'image'; readonly bytes: Uint8Array; readonly mediaType: string };

/**
 * A file in a user message (a PDF, a text document, a sound): at an `http(s)` URL, or its bytes;
 * always with its media type, and optionally a file name.
 *
 * @example
 * ```ts
 * const pdf: FilePart = { type: 'file', bytes: await readFile('guide.pdf'), mediaType: 'application/pdf', name: 'guide.pdf' };
 * ```
 */
export type FilePart =
  | { readonly type: 'file'; readonly url: string; readonly mediaType: string; readonly name?: string | undefined }
  | {
      readonly type: 'file';
      readonly bytes: Uint8Array;
      readonly mediaType: string;
      readonly name?: string | undefined;
    };

/**
 * One part of a user message's content: text, an image or a file.
 *
 * @example
 * ```ts
 * const content: readonly ContentPart[] = [
 *   { type: 'text', text: 'Summarize the attached guide.' },
 *   { type: 'file', url: 'https://example.com/guide.pdf', mediaType: 'application/pdf' },
 * ];
 * ```
 */
export type ContentPart = TextPart | ImagePart | FilePart;
