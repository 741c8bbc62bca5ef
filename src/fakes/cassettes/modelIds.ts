import { StandinError } from '../../errors/StandinError.js';
import { thrownName } from '../../validation/formatPath.js';
import type { NormalizedRequest } from './normalizeRequest.js';

/**
 * How a cassette compares the provider's model ids of a recorded request and a call:
 * `'exact'` (the default), `'base'` (a date or version suffix left out, so `gpt-4.1-mini-2025-04-14`
 * matches `gpt-4.1-mini`), or a function from an id to the id it matches as.
 */
export type ModelIds = 'exact' | 'base' | ((id: string) => string);

/** A suffix that dates or versions a model id: `-2025-04-14`, `-20241022`, `@20240620`, `-v1:0`, `-002`, `-latest`. */
const SUFFIX = /[-@](?:\d{4}-\d{2}-\d{2}|\d{8}|v\d+(?::\d+)?|\d{3}|latest)$/;

/** A model id with its date and version suffixes left out, from the end while one is there. */
export function baseModelId(id: string): string {
  let base = id;
  // A bound on the loop: ids carry a suffix or two, and an id of only suffixes keeps its last.
  for (let i = 0; i < 4; i++) {
    const next = base.replace(SUFFIX, '');
    if (next === base || next === '') break;
    base = next;
  }
  return base;
}

/** A request as a cassette's keys read it, with the model id as it matches; the recorded request keeps its own id. */
export function keyedModel(ids: ModelIds): ((request: NormalizedRequest) => NormalizedRequest) | undefined {
  if (ids === 'exact') return undefined;
  const as = ids === 'base' ? baseModelId : userIds(ids);
  return (request) => {
    const model = (request.settings as { model?: unknown } | undefined)?.model;
    if (typeof model !== 'string') return request;
    return { ...request, settings: { ...(request.settings as object), model: as(model) } } as NormalizedRequest;
  };
}

/** The user's `modelIds` function, its throws and answers other than a string as `V0002`. */
function userIds(ids: (id: string) => string): (id: string) => string {
  return (id) => {
    let out: unknown;
    try {
      out = ids(id);
    } catch (error) {
      throw new StandinError(
        'V0002',
        `The cassette's modelIds function threw (${thrownName(error)}) on the model id '${id}'. Make it answer ` +
          `the id a model id matches as, for every id.`,
        { cause: error },
      );
    }
    if (typeof out !== 'string' || out === '') {
      throw new StandinError(
        'V0002',
        `The cassette's modelIds function answered ${typeof out === 'string' ? 'an empty string' : `a ${typeof out}`} ` +
          `for the model id '${id}'. Make it answer a non-empty string.`,
      );
    }
    return out;
  };
}
