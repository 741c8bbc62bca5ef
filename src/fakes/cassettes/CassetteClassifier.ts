import type { Classifier, ClassifyCallOptions } from '../../services/spec/Classifier.js';
import { ClassificationAdapterError } from '../../services/classification/ClassificationAdapterError.js';
import { ClassificationAnswer } from '../../services/classification/ClassificationAnswer.js';
import { trustedResponse, type ClassificationResponse } from '../../services/classification/ClassificationResponse.js';
import type { ClassificationRequest } from '../../services/classification/ClassificationRequest.js';
import { FakeClassifier } from '../classification/FakeClassifier.js';
import type { ClassificationScriptEntry } from '../script/scriptEntry.js';
import { StandinError } from '../../errors/StandinError.js';
import { DEFAULT_SCOPE } from '../../services/scopes/Scopes.js';
import type { CassetteEntry, RecordedAnswers } from './cassetteSchema.js';
import type { NormalizedRequest } from './normalizeRequest.js';
import type { CassetteTape } from './CassetteTape.js';
import { plainJson, setOwn } from './plainJson.js';

/**
 * Stands in for the classifier (or one of its fallbacks) while a cassette is on. A recording is a FakeClassifier script
 * entry, replayed by a fake holding that one entry, so a recorded failure is retried and falls back as a live one.
 * Recording hands the call to the classifier bound before, the guard not asked. A fallback's recordings carry its index
 * in `classifier.fallback`, so each of the chain replays its own.
 */
export class CassetteClassifier implements Classifier {
  readonly real = false;
  readonly provider: string;
  readonly #tape: CassetteTape;
  readonly #inner: Classifier | undefined;
  readonly #missing: unknown;
  readonly #fallback: number | undefined;
  readonly #below: ((scope: string) => Classifier | undefined) | undefined;

  /** `missing` says why there is no `inner`; `below` is what a call the tape does not answer reaches. */
  constructor(
    tape: CassetteTape,
    inner: Classifier | undefined,
    missing?: unknown,
    fallback?: number,
    below?: (scope: string) => Classifier | undefined,
  ) {
    this.#below = below;
    this.#tape = tape;
    this.#inner = inner;
    this.#missing = missing;
    this.#fallback = fallback;
    this.provider = inner?.provider ?? 'cassette';
  }

  async classify(request: ClassificationRequest, opts?: ClassifyCallOptions): Promise<ClassificationResponse> {
    const normalized = this.#tape.normalize('classify', request, undefined);
    const given = opts?.context?.scope ?? opts?.adapterOpts?.scope;
    const scope = typeof given === 'string' ? given : DEFAULT_SCOPE;
    const lookup = this.#tape.find(scope, undefined, 'classify', normalized, this.#fallback);
    const found = lookup.found;
    if (found !== undefined) {
      const entry = scriptEntry(found.entry.answer as RecordedAnswers['classify']);
      const replay = new FakeClassifier({ script: [entry] });
      const response = await replay.classify(
        request,
        opts?.requestId === undefined ? {} : { requestId: opts.requestId },
      );
      return this.#inner === undefined ? response : trustedResponse({ ...response, provider: this.provider });
    }
    const inner = this.#real(scope);
    let response: ClassificationResponse;
    try {
      response = await inner.classify(request, opts);
    } catch (error) {
      if (error instanceof ClassificationAdapterError && !opts?.signal?.aborted) {
        const recorded: { reason: ClassificationAdapterError['reason']; status?: number; retryAfterMs?: number } = {
          reason: error.reason,
        };
        if (error.status !== null) recorded.status = error.status;
        if (error.retryAfterMs !== null) recorded.retryAfterMs = Math.max(0, Math.ceil(error.retryAfterMs));
        this.#tape.record(lookup, this.#entry(normalized, { error: recorded }));
      }
      throw error;
    }
    const answers: Record<string, unknown> = {};
    for (const [id, answer] of Object.entries(response.answers ?? {})) setOwn(answers, id, answerFields(answer));
    this.#tape.record(lookup, this.#entry(normalized, { answers } as RecordedAnswers['classify']));
    return response;
  }

  #entry(request: NormalizedRequest, answer: RecordedAnswers['classify']): CassetteEntry {
    return this.#fallback === undefined
      ? { call: 'classify', request, answer }
      : { call: 'classify', fallback: this.#fallback, request, answer };
  }

  #real(scope: string): Classifier {
    const found = this.#below === undefined ? this.#inner : this.#below(scope);
    if (found === undefined) {
      const which =
        this.#fallback === undefined
          ? 'the classifier'
          : `the fallback classifier config.classifier.fallback[${this.#fallback}]`;
      const why =
        this.#missing === undefined
          ? 'no classifier is bound'
          : `${which} could not be made: ${(this.#missing as Error).message}`;
      throw new StandinError(
        'V0004',
        `Cassette ${this.#tape.path} (${this.#tape.mode}) cannot record ` +
          `classify${this.#fallback === undefined ? '' : ` for config.classifier.fallback[${this.#fallback}]`}: ` +
          `${why}. Name one in the config (classifier: { provider: 'typesafe' }, with its key) before recording.`,
        {
          cause: this.#missing,
        },
      );
    }
    return found;
  }
}

/** The FakeClassifier script entry a recorded classify answer is. */
export function scriptEntry(answer: RecordedAnswers['classify']): ClassificationScriptEntry {
  if ('error' in answer) {
    const { reason, status, retryAfterMs } = answer.error;
    return {
      error: new ClassificationAdapterError(reason, {
        message: `a recorded classifier failure (${reason})`,
        status,
        retryAfterMs,
      }),
    };
  }
  const answers: Record<string, ClassificationAnswer> = {};
  for (const [id, init] of Object.entries(answer.answers)) setOwn(answers, id, new ClassificationAnswer(init));
  return { answers };
}

/** An answer's fields as plain JSON, its empty ones left out. */
function answerFields(answer: ClassificationAnswer): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const key of ['type', 'choice', 'score', 'yesProbability', 'probabilities', 'legend', 'confidence'] as const) {
    if (answer[key] !== null && answer[key] !== undefined) fields[key] = answer[key];
  }
  if (Object.keys(answer.metadata ?? {}).length > 0) fields.metadata = answer.metadata;
  return plainJson(fields, 'a classification answer') as Record<string, unknown>;
}
