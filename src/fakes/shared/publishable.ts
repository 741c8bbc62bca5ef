import { StandinError } from '../../errors/StandinError.js';
import { ClassificationAdapterError } from '../../services/classification/ClassificationAdapterError.js';
import { isJsonEncodable } from '../../services/classification/isJsonEncodable.js';
import { checkScript, entryKind, type ClassificationScriptEntry } from '../script/scriptEntry.js';
import type { Answers } from '../model/Answer.js';

/** The most a namespace takes in one publication, in bytes of JSON. */
export const PUBLICATION_BYTES = 8 * 1_048_576;

/**
 * A model's answers as JSON texts, one per answer; a function or a value JSON cannot hold cannot cross a process
 * (`D0006`).
 */
export function modelPublication(answers: Answers, owner: string): string[] {
  const fix =
    "fake it with data in a namespace: a list of answers such as [{ text: '...' }], or a record { reply: [...] }";
  if (typeof answers === 'function') throw cannotCross(owner, 'answers', 'a function of the request', fix);
  let list: readonly unknown[];
  let root = 'answers';
  if (Array.isArray(answers)) list = answers;
  else {
    const record = answers as Readonly<Record<string, unknown>>;
    for (const [call, value] of Object.entries(record)) {
      if (typeof value === 'function') throw cannotCross(owner, `answers.${call}`, 'a function', fix);
    }
    list = Array.isArray(record.reply) ? record.reply : [];
    root = 'answers.reply';
  }
  const items = list.map((answer, index) => {
    if (!isJsonEncodable(answer))
      throw cannotCross(owner, `${root}[${index}]`, 'a value that is not plain JSON data', fix);
    return JSON.stringify(answer);
  });
  return bounded(owner, items);
}

/** Whether a published answer (its JSON text) chooses by `when`. */
export function hasWhen(item: string): boolean {
  return (JSON.parse(item) as { when?: unknown }).when !== undefined;
}

/** A classifier script as JSON texts, one per entry (`answers`, `error`, `retry`). */
export function classifierPublication(script: readonly ClassificationScriptEntry[]): string[] {
  checkScript(script);
  const owner = 'app.fakeClassifier(script)';
  const items = script.map((entry, index) => {
    const kind = entryKind(entry);
    if (kind === 'retry')
      return JSON.stringify({ kind: 'retry', until: (entry as { retryUntilCall: number }).retryUntilCall });
    if (kind === 'error') {
      const error = (entry as { error: ClassificationAdapterError }).error;
      const data = {
        reason: error.reason,
        message: error.message,
        provider: error.provider,
        status: error.status,
        retryAfterMs: error.retryAfterMs,
        metadata: error.metadata,
      };
      if (!isJsonEncodable(data))
        throw cannotCross(
          owner,
          `script[${index}].error.metadata`,
          'a value that is not plain JSON data',
          'give the error plain JSON metadata',
        );
      return JSON.stringify({ kind: 'error', error: data });
    }
    const answers = (entry as { answers: unknown }).answers;
    if (!isJsonEncodable(answers)) {
      throw cannotCross(
        owner,
        `script[${index}].answers`,
        'a value that is not plain JSON data (a ClassificationAnswer instance, say)',
        'answer each question with an option name or a number',
      );
    }
    return JSON.stringify({ kind: 'answers', answers });
  });
  return bounded(owner, items);
}

/** Turns a published error entry back into the error it was. */
export function readError(data: Readonly<Record<string, unknown>>): ClassificationAdapterError {
  const options: Record<string, unknown> = { message: data.message, metadata: data.metadata };
  if (data.provider !== null) options.provider = data.provider;
  if (data.status !== null) options.status = data.status;
  if (data.retryAfterMs !== null) options.retryAfterMs = data.retryAfterMs;
  return new ClassificationAdapterError(data.reason as ClassificationAdapterError['reason'], options);
}

function bounded(owner: string, items: string[]): string[] {
  const bytes = items.reduce((sum, item) => sum + Buffer.byteLength(item), 0);
  if (bytes > PUBLICATION_BYTES) {
    throw new StandinError(
      'D0009',
      `${owner}: the script is ${bytes} bytes of JSON, and a namespace takes at most ${PUBLICATION_BYTES} in one ` +
        `publication. Publish fewer or smaller answers.`,
    );
  }
  return items;
}

function cannotCross(owner: string, where: string, what: string, fix: string): StandinError {
  return new StandinError(
    'D0006',
    `${owner}: ${where} is ${what}, which cannot cross a process to the other containers of the namespace; ${fix}.`,
  );
}
