import type { Container } from 'inversify';
import { StandinError } from '../errors/StandinError.js';
import { FakeModel } from '../fakes/model/FakeModel.js';
import { slotsOf } from '../fakes/slot/Slots.js';
import { transcriptSteps, type TranscriptSource } from '../fakes/transcript/transcriptSteps.js';
import { transcriptText } from '../fakes/transcript/transcriptText.js';
import { secretScrubber } from '../fakes/cassettes/redactSecrets.js';
import { Tokens } from '../tokens/Tokens.js';

/**
 * What `app.transcript(options)` takes.
 *
 * @example
 * ```ts
 * const options: TranscriptOptions = { scope: 'customer-a' };
 * ```
 */
export interface TranscriptOptions {
  /** The one scope to show; every scope when left out. */
  readonly scope?: string;
}

/**
 * The faked models of an app: every fake and scope fake on each model's slot, under the model's name.
 *
 * @example
 * ```ts
 * transcriptSteps(appSources(app.container));
 * ```
 */
export function appSources(container: Container): TranscriptSource[] {
  const sources: TranscriptSource[] = [];
  for (const slot of slotsOf(container).all()) {
    for (const layer of slot.layers)
      if (layer.service instanceof FakeModel) sources.push({ model: slot.name, fake: layer.service });
  }
  return sources;
}

/**
 * `app.transcript`'s options, checked: `T0065` for anything but `{ scope? }` with a text scope.
 *
 * @example
 * ```ts
 * readTranscriptOptions({ scope: 'a' }); // { scope: 'a' }
 * ```
 */
export function readTranscriptOptions(options: unknown): TranscriptOptions {
  if (options === undefined) return {};
  const bad = (why: string) =>
    new StandinError(
      'T0065',
      `app.transcript(options): ${why}. Give { scope: 'id' } for one scope, or nothing for every scope.`,
    );
  if (typeof options !== 'object' || options === null || Array.isArray(options))
    throw bad(`options is ${typeof options}`);
  const extra = Object.keys(options).filter((key) => key !== 'scope');
  if (extra.length > 0) throw bad(`there is no option '${extra[0]!.slice(0, 40)}'`);
  const { scope } = options as { scope?: unknown };
  if (scope === undefined) return {};
  if (typeof scope !== 'string') throw bad(`scope is ${typeof scope}, not a text ('' is outside any scope)`);
  return { scope };
}

/**
 * `app.transcript(options)`: the text of every step the app's faked models took, and of every judge
 * asked of its classifier, in one scope or all.
 *
 * @throws {StandinError} `T0065` for options other than `{ scope? }`.
 * @example
 * ```ts
 * appTranscript(app.container, { scope: 'ticket-7' });
 * ```
 */
export function appTranscript(container: Container, options: unknown): string {
  const { scope } = readTranscriptOptions(options);
  return transcriptText(
    transcriptSteps(appSources(container), scope, slotsOf(container).judges.judged(), transcriptScrub(container)),
  );
}

/**
 * What a transcript of the app's steps scrubs, as its cassettes do: the keys and header values of
 * its config's providers (none without a container: a wire server serving its own scripts), the
 * provider keys in the environment, credentials in URLs.
 *
 * @example
 * ```ts
 * transcriptSteps(appSources(app.container), undefined, transcriptScrub(app.container));
 * ```
 */
export function transcriptScrub(container: Container | undefined): (text: string) => string {
  return secretScrubber(container?.get(Tokens.Config) ?? { providers: {} }, undefined);
}
