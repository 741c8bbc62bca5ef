import { z } from 'zod';
import type { RetryConfig } from '../../config/configSchema.js';
import { StandinError } from '../../errors/StandinError.js';
import { describeIssues } from '../../validation/describeIssues.js';
import type { CursorHandle } from '../spec/ClassificationScriptEntry.js';
import { isCursorHandle } from './isCursorHandle.js';
import { callOptionsSchema } from '../requests/requestSchemas.js';
import type { ClassifierOptions } from '../spec/Classifier.js';
import type { ClassificationQuestion } from './ClassificationQuestion.js';
import { ClassificationRequest, type ClassificationState } from './ClassificationRequest.js';
import { lazySchema } from '../../validation/lazySchema.js';

/** How a classify call is run: the options a call takes whether it passes a request or a state. */
export interface ClassifyCallControl {
  /** The call's id, handed to the classifier and reflected onto `response.requestId`; one is made up when left out. */
  readonly requestId?: string;
  /** Aborts the call and its retries. */
  readonly signal?: AbortSignal;
  /** `false` for one attempt, or fields of the retry policy to change for this call. */
  readonly retry?: false | Partial<RetryConfig>;
  /** Options for the classifier itself, such as the fake's `classificationScript`. */
  readonly adapterOpts?: ClassifierOptions;
}

/** What `classify(state, questions, options)` takes: the request's other fields, and how the call is run. */
export interface ClassifyOptions extends ClassifyCallControl {
  /** The classifier's model; its default when left out. */
  readonly model?: string;
  /** Provider-specific options, handed to the classifier as they are. */
  readonly options?: Readonly<Record<string, unknown>>;
  /** The caller's own data, handed back on the response. */
  readonly metadata?: Readonly<Record<string, unknown>>;
}

const adapterOptsSchema = lazySchema(() =>
  z.looseObject({
    classificationScript: z.array(z.unknown()).optional(),
    scriptCursor: z.custom<CursorHandle>(isCursorHandle).optional(),
    cursorKey: z.union([z.string(), z.number()]).optional(),
    capture: z
      .custom<(...args: never[]) => unknown>((value) => typeof value === 'function', { message: 'Expected a function' })
      .optional(),
    scope: z.string().min(1).optional(),
  }),
);

/** The call-control options of a classify call. */
export const classifyCallControlSchema = lazySchema(() =>
  z.strictObject({
    requestId: callOptionsSchema.shape.requestId,
    signal: callOptionsSchema.shape.signal,
    retry: callOptionsSchema.shape.retry,
    adapterOpts: adapterOptsSchema.optional(),
  }),
);

/**
 * The options of `classify(state, questions, options)`; the request's fields are checked by
 * `validateClassificationRequest`.
 */
export const classifyOptionsSchema = lazySchema(() =>
  classifyCallControlSchema.extend({
    model: z.unknown().optional(),
    options: z.unknown().optional(),
    metadata: z.unknown().optional(),
  }),
);

const expected: Readonly<Record<string, string>> = {
  requestId: 'a non-empty string',
  signal: 'an AbortSignal',
  retry: 'false, or an object { attempts?, baseDelayMs?, maxDelayMs?, jitter? }',
  adapterOpts: 'an object { classificationScript?, scriptCursor?, cursorKey?, capture?, scope? }',
  'adapterOpts.classificationScript': 'a list of script entries',
  'adapterOpts.scriptCursor': 'a cursor handle from startScriptCursor(container)',
  'adapterOpts.cursorKey': 'a string or a number',
  'adapterOpts.capture': 'a function ({ request, opts }) => void',
  'adapterOpts.scope': 'a non-empty scope name',
};
const requestKeys = new Set(['model', 'options', 'metadata']);

/** A classify call's request and how to run it. */
export interface ClassifyArguments {
  readonly request: ClassificationRequest;
  readonly control: ClassifyCallControl;
}

/**
 * Reads the arguments of `classify(request, control?)` or `classify(state, questions, options?)`:
 * a `ClassificationRequest` is used as it is; otherwise one is built from the state, the
 * questions and the options' `model`, `options` and `metadata`.
 *
 * @throws {StandinError} `K0004` when the options do not have the expected shape.
 */
export function classifyArguments(first: unknown, second: unknown, third: unknown): ClassifyArguments {
  if (first instanceof ClassificationRequest) {
    if (third !== undefined) {
      throw new StandinError(
        'K0004',
        'classify(request, options) takes two arguments: the questions are on the request. Pass classify(request, ' +
          'options), or classify(state, questions, options).',
      );
    }
    if (isObject(second)) {
      const misplaced = Object.keys(second).filter((key) => requestKeys.has(key));
      if (misplaced.length > 0) {
        throw new StandinError(
          'K0004',
          `classify(request, options): ${misplaced.map((k) => `options.${k}`).join(', ')} belongs on the request. ` +
            `Set it in new ClassificationRequest({ ... }), or pass classify(state, questions, options).`,
        );
      }
    }
    return {
      request: first,
      control: parse('classify(request, options)', classifyCallControlSchema, second) as ClassifyCallControl,
    };
  }
  const options = parse('options', classifyOptionsSchema, third) as ClassifyOptions;
  const init: {
    -readonly [K in keyof ConstructorParameters<typeof ClassificationRequest>[0]]: ConstructorParameters<
      typeof ClassificationRequest
    >[0][K];
  } = {
    state: first as ClassificationState,
    questions: second as Readonly<Record<string, ClassificationQuestion>>,
  };
  if (options.model !== undefined) init.model = options.model;
  if (options.options !== undefined) init.options = options.options;
  if (options.metadata !== undefined) init.metadata = options.metadata;
  return { request: new ClassificationRequest(init), control: options };
}

/** Checks `value` and answers it as given, never zod's copy, so handles and callbacks stay themselves. */
function parse(root: string, schema: z.ZodType, value: unknown): unknown {
  if (value === undefined) return {};
  const parsed = schema.safeParse(value);
  if (parsed.success) return value;
  const lines = describeIssues(root, value, parsed.error.issues, { expected, schema });
  throw new StandinError('K0004', `Invalid classify ${root}:\n${lines.join('\n')}`);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
