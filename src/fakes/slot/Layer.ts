import type { Finding } from '../script/Finding.js';

/** What a layer is, for messages and for the rule of which layer replaces which. */
export type LayerKind = 'fake' | 'cassette' | 'namespace' | 'chaos' | 'quota';

/**
 * One stand-in on a slot: a fake, a scope's fake, a cassette, a namespace. A layer with a
 * `scope` takes only calls made in that scope; one without takes calls of every scope.
 */
export interface Layer<S extends object> {
  readonly kind: LayerKind;
  /** The scope it answers in; undefined for every scope. */
  readonly scope: string | undefined;
  /** The stand-in that answers the calls the layer takes. */
  readonly service: S;
  /**
   * Whether the layer stands over every other (a quota): it takes a call before the layers of any
   * scope, whenever they were put, and hands it down to them.
   */
  readonly over?: boolean;
  /** What the test wrote to put it there, for messages: `app.fake('writer', answers)`. */
  readonly label: string;
  /**
   * What the findings belong to: a cassette is one layer on every slot, and `app.verify()` reports
   * what one source found once.
   */
  readonly source: object;
  /** What its `verify()` would fail on, without throwing. */
  findings(): Promise<readonly Finding[]>;
  /** Forgets what it recorded (`sent`, kept errors) when `app.reset()` takes it off. */
  forget(): void;
  /**
   * Lets go of what it keeps of `scope`, which ended: its per-scope counts, and with `calls` the
   * `sent` entries and outcomes of the calls made there; the test author's errors stay, for `verify`.
   */
  close?(scope: string, calls: boolean): void;
}
