/** The failure for a Redis reply of a shape the shared scripts never write. */

import { StoreFailure } from '../../services/cursors/redis/StoreFailure.js';

/** A Redis reply of an unexpected shape, as a `D0005` store failure naming what answered it. */
export function unexpected(what: string): StoreFailure {
  return new StoreFailure(
    'D0005',
    `Redis answered ${what} with a reply of an unexpected shape. Another program may have written under the store's ` +
      `prefix: give standin a namespace of its own.`,
  );
}
