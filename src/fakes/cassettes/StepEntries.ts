/** How many steps a cassette remembers the entry of: a run's tools run right after its step, so the newest suffice. */
const MAX_STEPS = 4096;

/** The entry that answered one step, and how many calls of each tool run key the step made so far. */
export interface StepEntry {
  readonly position: number;
  readonly counts: Map<string, number>;
}

/**
 * Which entry answered each run step, so a tool run is recorded beside the reply it ran for. Bounded to {@link
 * MAX_STEPS}.
 */
export class StepEntries {
  readonly #steps = new Map<string, StepEntry>();

  /** Notes that the entry at `position` answered step `stepKey`; a step answered again starts its counts afresh. */
  answered(stepKey: string, position: number): void {
    this.#steps.delete(stepKey);
    this.#steps.set(stepKey, { position, counts: new Map() });
    if (this.#steps.size > MAX_STEPS) this.#steps.delete(this.#steps.keys().next().value!);
  }

  /** The entry that answered step `stepKey`, when a replayed or recorded reply of this cassette did. */
  get(stepKey: string): StepEntry | undefined {
    return this.#steps.get(stepKey);
  }
}
