const MASK = '[redacted]';
/** The shortest piece of a key worth masking: shorter runs are too common to mean the key. */
const PIECE = 8;


/**
 * Takes an API key out of a text a server or the network gave: the whole key, and any run of
 * 8 or more characters that is a piece of it (servers often echo a key's first or last
 * characters). Every provider error message passes through here before it is thrown.
 *
 * @example
 * ```ts
 * redact('Incorrect API key provided: sk-abc12345****wxyz', 'sk-abc12345secretwxyz');
 * // 'Incorrect API key provided: [redacted]****wxyz'
 * ```
 */
export function redact(text: string, key: string | undefined): string {
  if (key === undefined || key.length === 0) return text;
  const whole = text.split(key).join(MASK);
  // Runs of the characters keys are made of: a server that echoes a key echoes such a run.
  return key.length < PIECE ? whole : whole.replace(/[A-Za-z0-9_\-.~+/=]{8,}/g, (word) => maskPieces(word, key));
}

/** Masks every character of `word` that lies in an 8-character window found in the key. */
function maskPieces(word: string, key: string): string {
  let hit: Uint8Array | undefined;
  for (let at = 0; at + PIECE <= word.length; at++) {
    if (key.includes(word.slice(at, at + PIECE))) (hit ??= new Uint8Array(word.length)).fill(1, at, at + PIECE);
  }
  if (hit === undefined) return word;
  let out = '';
  for (let i = 0; i < word.length; ) {
    if (hit[i] === 1) {
      out += MASK;
      while (i < word.length && hit[i] === 1) i++;
    } else {
      out += word[i];
      i++;
    }
  }
  return out;
}
