/** Past this many lines a side, the diff compares trimmed ends only: a quadratic table stays small. */
const MAX_LINES = 400;

/** A line diff (` `, `- `, `+ `), runs of more than `context` shared lines cut to their ends with a ` …` line. */
export function lineDiff(before: string, after: string, context = 3): string[] {
  const a = before.split('\n');
  const b = after.split('\n');
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const middle = diffMiddle(a.slice(head, a.length - tail), b.slice(head, b.length - tail));
  const lines = [
    ...a.slice(0, head).map((line) => `  ${line}`),
    ...middle,
    ...a.slice(a.length - tail).map((line) => `  ${line}`),
  ];
  return trimContext(lines, context);
}

/** How many lines differ between two texts: the size of their diff. */
export function diffSize(before: string, after: string): number {
  return lineDiff(before, after, 0).filter((line) => line.startsWith('- ') || line.startsWith('+ ')).length;
}

function diffMiddle(a: readonly string[], b: readonly string[]): string[] {
  if (a.length > MAX_LINES || b.length > MAX_LINES || a.length === 0 || b.length === 0) {
    return [...a.map((line) => `- ${line}`), ...b.map((line) => `+ ${line}`)];
  }
  // lcs[i][j]: the longest common subsequence of a[i..] and b[j..].
  const lcs = Array.from({ length: a.length + 1 }, () => new Uint16Array(b.length + 1));
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lcs[i]![j] = a[i] === b[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
    }
  }
  const out: string[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      out.push(`  ${a[i++]}`);
      j++;
    } else if (lcs[i + 1]![j]! >= lcs[i]![j + 1]!) out.push(`- ${a[i++]}`);
    else out.push(`+ ${b[j++]}`);
  }
  while (i < a.length) out.push(`- ${a[i++]}`);
  while (j < b.length) out.push(`+ ${b[j++]}`);
  return out;
}

function trimContext(lines: readonly string[], context: number): string[] {
  const changed = lines.map((line) => !line.startsWith('  '));
  const keep = lines.map((_, i) => {
    for (let d = -context; d <= context; d++) if (changed[i + d]) return true;
    return false;
  });
  const out: string[] = [];
  let skipped = false;
  lines.forEach((line, i) => {
    if (keep[i]) {
      out.push(line);
      skipped = false;
    } else if (!skipped) {
      out.push('  …');
      skipped = true;
    }
  });
  return out;
}
