import { StandinError } from '../../errors/StandinError.js';
import { DEFAULT_SCOPE } from '../../services/scopes/Scopes.js';
import type { CassetteCall, CassetteEntry } from './cassetteSchema.js';
import { lineDiff } from './lineDiff.js';
import type { NormalizedRequest } from './normalizeRequest.js';
import { stableJson } from './stableJson.js';

/** What a replay miss knows about the call and the cassette. */
export interface Miss {
  /** The cassette's file. */
  readonly path: string;
  /** Whether the file existed when the cassette was made. */
  readonly exists: boolean;
  readonly model: string | undefined;
  /** For classify: the fallback classifier's index in `classifier.fallback`, when the call went to one. */
  readonly fallback?: number | undefined;
  readonly call: CassetteCall;
  readonly scope: string;
  /** The call's normalized request. */
  readonly request: NormalizedRequest;
  /** Which call of this request this is in its scope, from 1, and how many recordings it has. */
  readonly count: number;
  readonly recorded: number;
  /** The recorded entry nearest the request, with its position in the file. */
  readonly nearest: { readonly position: number; readonly entry: CassetteEntry } | undefined;
  /** For a reply: the model's entries written with a `when`, and how many the scope took. */
  readonly matching?: { readonly entries: number; readonly taken: number };
}

/** `T0040`: the call, and how many times its request was recorded or a line diff against the nearest one. */
export function missError(miss: Miss): StandinError {
  const who = miss.model === undefined ? classifierOf(miss.fallback) : `model '${miss.model}', ${miss.call}`;
  const where = miss.scope === DEFAULT_SCOPE ? '' : ` in scope '${miss.scope}'`;
  const lines = [`Cassette ${miss.path} (replay) has no recording for this call: ${who}${where}.`];
  const matching = miss.matching;
  if (matching !== undefined && matching.entries > 0) {
    const left = matching.entries - matching.taken;
    lines.push(
      `Of its ${matching.entries} ${miss.call} entr${matching.entries === 1 ? 'y' : 'ies'} of model '${miss.model}' ` +
        `written with a when, ${left === 0 ? `the scope took every one` : `the ${left} not taken yet match none of this request`}.`,
    );
  }
  if (!miss.exists) {
    lines.push('The file does not exist yet.');
  } else if (miss.recorded > 0) {
    lines.push(
      `Its request was recorded ${miss.recorded} time${miss.recorded === 1 ? '' : 's'}, and this is call ` +
        `${miss.count} of it${where}: the app asks more often than when it was recorded.`,
    );
  } else if (miss.nearest === undefined) {
    lines.push(
      `The cassette has no ${miss.call} recording${miss.model === undefined ? '' : ` of model '${miss.model}'`} ` +
        `${matching !== undefined && matching.entries > 0 ? 'of a request besides those' : 'at all'}. The call's request:`,
    );
    lines.push(
      ...stableJson(miss.request)
        .trimEnd()
        .split('\n')
        .map((line) => `  ${line}`),
    );
  } else {
    const { position, entry } = miss.nearest;
    const nearestWho =
      entry.model === undefined ? classifierOf(entry.fallback) : `model '${entry.model}', ${entry.call}`;
    lines.push(
      `The call's request against the nearest recorded one, entries[${position}] (${nearestWho}) — "-" recorded, "+" ` +
        `this call:`,
    );
    lines.push(...lineDiff(stableJson(entry.request).trimEnd(), stableJson(miss.request).trimEnd()));
  }
  lines.push(
    'Make the test send what was recorded, or record the call: run the tests with STANDIN_CASSETTES=record-missing ' +
      '(keys set), then commit the cassette.',
  );
  return new StandinError('T0040', lines.join('\n'));
}

/** A classify call as a message names it: of the classifier, or of a fallback classifier. */
export function classifierOf(fallback: number | undefined): string {
  return fallback === undefined ? 'classify' : `classify (config.classifier.fallback[${fallback}])`;
}
