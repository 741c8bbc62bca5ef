/**
 * Writes a path the way a user would write it in code: `config.models.writer.fallback[0]`,
 * with keys that are not identifiers in brackets: `config.models["my model"]`.
 */
export function formatPath(root: string, path: readonly PropertyKey[]): string {
  let out = root;
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else if (typeof key === 'string' && /^[A-Za-z_$][\w$]*$/.test(key)) out += `.${key}`;
    else out += `[${JSON.stringify(String(key))}]`;
  }
  return out;
}

/** Names the type of a value as a message would: `a string`, `an array`, `null`. Never the value itself. */
export function describeType(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'nothing';
  if (Array.isArray(value)) return 'an array';
  if (value instanceof Uint8Array) return 'bytes';
  const type = typeof value;
  if (type === 'object') return 'an object';
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}

/** The value at `path` inside `root`, or undefined when the path leaves it. */
export function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let value = root;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/** The known name closest to `word`, when it is close enough to be a likely typo. */
export function closest(word: string, known: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  // Long names allow more typos: `timout` is 3 edits from `timeoutMs`.
  if (word.length > 200) return undefined;
  for (const candidate of known) {
    const d = distance(word.toLowerCase(), candidate.toLowerCase());
    const limit = Math.max(2, Math.floor(Math.max(word.length, candidate.length) / 3));
    if (d <= limit && d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best;
}

function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let previous = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const current = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
      previous = current;
    }
  }
  return row[b.length]!;
}

/**
 * What a getter, trap or callback threw, in words for a message: `a TypeError`, `an Error`, or
 * `a value that is not an Error`.
 */
export function thrownName(error: unknown): string {
  if (!(error instanceof Error)) return 'a value that is not an Error';
  return `${/^[AEIOU]/.test(error.name) ? 'an' : 'a'} ${error.name}`;
}

/**
 * `text` as a message shows it: whole when it has at most `limit` characters, else its first ones and `…`, `limit` in
 * all.
 */
export function clip(text: string, limit: number): string {
  return text.length <= limit ? text : `${text.slice(0, limit - 1)}…`;
}
