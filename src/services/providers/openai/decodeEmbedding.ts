/**
 * The vector of an embedding as `/embeddings` sends it: a list of numbers
 * (`encoding_format: 'float'`), or base64 of little-endian float32 values
 * (`encoding_format: 'base64'`). Undefined when it is neither, so the caller can say what was wrong.
 *
 * @example
 * ```ts
 * decodeEmbedding('AACAPwAAAEA='); // [1, 2]
 * decodeEmbedding([0.5, -1]);      // [0.5, -1]
 * ```
 */
export function decodeEmbedding(embedding: unknown): number[] | undefined {
  if (Array.isArray(embedding)) {
    return embedding.every((value) => typeof value === 'number' && Number.isFinite(value))
      ? (embedding as number[])
      : undefined;
  }
  if (typeof embedding !== 'string' || !/^[A-Za-z0-9+/]*={0,2}$/.test(embedding) || embedding.length % 4 !== 0)
    return undefined;
  const bytes = Buffer.from(embedding, 'base64');
  if (bytes.length % 4 !== 0) return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const vector = new Array<number>(bytes.length / 4);
  for (let i = 0; i < vector.length; i++) {
    const value = view.getFloat32(i * 4, true);
    if (!Number.isFinite(value)) return undefined;
    vector[i] = value;
  }
  return vector;
}
