import type { Finding } from '../script/Finding.js';

/** What a layer is, for messages and for the rule of which layer replaces which. */
export type LayerKind = 'fake' | 'cassette' | 'namespace' | 'chaos' | 'quota';

/** One stand-in on a slot; a layer with a `scope` takes only that scope's calls. */
export interface Layer<S extends object> {
  readonly kind: LayerKind;
  /** The scope it answers in; undefined for every scope. */
  readonly scope: string | undefined;
  /** The stand-in that answers the calls the layer takes. */
  readonly service: S;
  /** A layer over every other (a quota) takes calls before any scope's layers and hands them down. */
  readonly over?: boolean;
  /** What the test wrote to put it there, for messages: `app.fake('writer', answers)`. */
  readonly label: string;
  /** A cassette is one layer on every slot, and `app.verify()` reports what one source found once. */
  readonly source: object;
  /** What its `verify()` would fail on, without throwing. */
  findings(): Promise<readonly Finding[]>;
  /** Forgets what it recorded (`sent`, kept errors) when `app.reset()` takes it off. */
  forget(): void;
  /** Lets go of an ended scope's counts (with `calls`, its `sent` too); the test author's errors stay, for `verify`. */
  close?(scope: string, calls: boolean): void;
}
