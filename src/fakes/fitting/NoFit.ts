/** The codes a value `fitting` cannot make fails with: none fits, too much to make, a pattern it cannot read. */
export type FitCode = 'T0140' | 'T0141' | 'T0142';

/**
 * Why no value was made for a part; caught where another choice is left, else it becomes the `StandinError` of its
 * code.
 */
export class NoFit {
  readonly code: FitCode;
  /** Where in the value: `with.words`, `value.pages[0]`. */
  readonly path: string;
  /** What stands in the way, in words. */
  readonly why: string;

  constructor(code: FitCode, path: string, why: string) {
    this.code = code;
    this.path = path;
    this.why = why;
  }
}

/** The most steps one value may take to make and check: a schema that asks for more is refused (`T0141`). */
export const MAX_STEPS = 200_000;

/** One value's work in steps; past {@link MAX_STEPS} the value is given up (`T0141`), whatever choices are left. */
export class Work {
  #steps = 0;

  /** Counts one step at `path`; throws a {@link WorkSpent} past the limit. */
  tick(path: string): void {
    if (++this.#steps > MAX_STEPS) throw new WorkSpent(path);
  }
}

/** The work of a value ran out: no other choice is tried. */
export class WorkSpent {
  readonly path: string;

  constructor(path: string) {
    this.path = path;
  }
}

/** Why the choices of a part failed: the first few reasons, each once, and the code of the first that has one. */
export class Reasons {
  readonly #lines: string[] = [];
  #code: FitCode | undefined;

  add(line: string, code?: FitCode): void {
    if (!this.#lines.includes(line)) this.#lines.push(line);
    this.#code ??= code;
  }

  get code(): FitCode {
    return this.#code ?? 'T0140';
  }

  text(none: string): string {
    return this.#lines.length === 0 ? none : this.#lines.slice(0, 3).join('; ');
  }
}
