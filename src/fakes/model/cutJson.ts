/** How many parts a typed value arrives in when an answer does not say. */
export const DEFAULT_VALUE_PARTS = 3;

/** Offsets cutting a value's JSON into `count` even parts, never between the halves of one character. */
export function evenCuts(json: string, count: number): number[] {
  const pieces = Math.min(count, json.length);
  const cuts: number[] = [];
  for (let k = 1; k < pieces; k++) {
    let cut = Math.floor((json.length * k) / pieces);
    if (splitsCharacter(json, cut)) cut += 1;
    if (cut < json.length && cut > (cuts.at(-1) ?? 0)) cuts.push(cut);
  }
  return cuts;
}

/** Why `cuts` cannot cut `json` (not whole, not increasing, outside it, inside a character), or undefined. */
export function cutProblem(json: string, cuts: readonly number[]): string | undefined {
  let previous = 0;
  for (let i = 0; i < cuts.length; i++) {
    const cut = cuts[i]!;
    if (!Number.isInteger(cut)) return `[${i}]: ${cut} is not a whole offset`;
    if (cut <= 0 || cut >= json.length) {
      return (
        `[${i}]: ${cut} is not inside the value's JSON (${json.length} characters, so offsets go from 1 to ` +
        `${json.length - 1})`
      );
    }
    if (i > 0 && cut <= previous) return `[${i}]: ${cut} does not come after ${previous}; offsets increase`;
    if (splitsCharacter(json, cut))
      return `[${i}]: ${cut} falls between the two halves of one character; cut one before or after it`;
    previous = cut;
  }
  return undefined;
}

/** Cuts `json` at `cuts` (checked offsets): the pieces, in order, joining back to `json`. */
export function cutAt(json: string, cuts: readonly number[]): string[] {
  const pieces: string[] = [];
  let from = 0;
  for (const cut of cuts) {
    pieces.push(json.slice(from, cut));
    from = cut;
  }
  pieces.push(json.slice(from));
  return pieces;
}

function splitsCharacter(text: string, at: number): boolean {
  const before = text.charCodeAt(at - 1);
  const after = text.charCodeAt(at);
  return before >= 0xd800 && before <= 0xdbff && after >= 0xdc00 && after <= 0xdfff;
}
