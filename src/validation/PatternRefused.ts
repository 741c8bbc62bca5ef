/**
 * Why a pattern from outside is refused: JavaScript reads it, and the linear-time engine cannot run
 * it (a back reference, a look-around), or it is no pattern at all. Its message says what to write
 * instead; the reader of a schema or a script adds where the pattern came from, in its own error.
 */
export class PatternRefused extends Error {
  override readonly name = 'PatternRefused';
}
