import { bareMessage } from '../../../errors/StandinError.js';
import { ProviderFailure } from '../../../errors/ProviderFailure.js';
import { StandinError } from '../../../errors/StandinError.js';
import type { AskedQuestion, Classification, Classified } from '../../../protocols/Classification.js';
import { UnsendableClassification } from '../../../protocols/classificationFaults.js';
import type { FailureTable } from '../../../protocols/failures.js';
import type { Classifier, ClassifyCallOptions } from '../../spec/Classifier.js';
import { ClassificationAdapterError } from '../../classification/ClassificationAdapterError.js';
import { ClassificationRequest } from '../../classification/ClassificationRequest.js';
import type { ClassificationResponse } from '../../classification/ClassificationResponse.js';
import { describeProblems } from '../../classification/describeProblems.js';
import { isPlainObject, show } from '../../classification/shapeError.js';
import { validateClassificationRequest } from '../../classification/validateClassificationRequest.js';
import { Endpoint } from '../http/Endpoint.js';
import { errorReport } from '../http/ErrorReport.js';
import type { Exchange } from '../http/Exchange.js';
import type { ClassifierSettings } from './ClassifierSettings.js';

/** A classification protocol's two codecs the adapter uses: the request's writer, the reply's reader. */
export interface ClassifierCodec {
  /** The request's JSON body; throws `UnsendableClassification` for a request the API cannot take. */
  readonly write: (asked: Classification) => Readonly<Record<string, unknown>>;
  /** The reply's answers, checked against the questions; throws `AnswerMismatch` for a reply that does not fit them. */
  readonly read: (value: unknown, questions: Readonly<Record<string, AskedQuestion>>) => Classified;
}

/** How one classification API is reached, and its protocol. */
export interface ClassifierProtocol {
  /** The adapter's name: the classifier's provider name unless the settings give one. */
  readonly name: string;
  /** The vendor's own base URL. */
  readonly defaultURL: string;
  /** The path posted to, after the base URL. */
  readonly path: string;
  /** The environment variable of the vendor's key. */
  readonly keyVariable: string;
  /** The response header that holds the vendor's request id. */
  readonly requestIdHeader: string;
  /** The model asked when neither the request nor the settings name one. */
  readonly defaultModel: string;
  /** Keys of the vendor's form to mask in any text a server gives, besides the key sent. */
  readonly keyPattern?: RegExp;
  /** The protocol's failure table, read before the words every provider's errors share. */
  readonly failures: FailureTable;
  /** The protocol's codecs, loaded with the first call: a program that never classifies with it never reads them. */
  readonly codec: () => Promise<ClassifierCodec>;
}

/**
 * Rejects before any I/O with `invalid_request`; `metadata` names the problem as data (`{ question: 'team', limit: 255
 * }`).
 */
type Reject = (message: string, metadata: Readonly<Record<string, unknown>>) => never;

const MASK = '[redacted]';

/**
 * What every real classifier does around its wire format, in this order:
 *
 * 1. empty `questions` reject with reason `invalid_request` (`metadata.field: 'questions'`);
 *    then every problem `validateClassificationRequest` finds, then what the protocol's writer
 *    cannot send (the API's limits, the shapes its wire cannot carry), each `invalid_request`
 *    naming the question and the limit — all before the key is looked up and before any I/O;
 * 2. one HTTP attempt (the engine retries), its failure's kind read from the protocol's failure
 *    table first, then mapped to a reason by `classificationFailure`;
 * 3. the 2xx body read by the protocol's reader: anything that does not fit the questions is
 *    `malformed_response`, a refused question `unknown` (see `classifiedResponse`); a 2xx body
 *    that is an error (`{ error: { type, message } }`, as gateways send) fails with the reason its
 *    type names, as the chat adapter reads it, and the provider's message.
 *
 * The key is taken out of every message. `response.id` is the vendor's request id header,
 * `requestId` the caller's, `metadata` the request's.
 */
export class HttpClassifier implements Classifier {
  readonly real = true;
  readonly provider: string;
  readonly #settings: ClassifierSettings;
  readonly #protocol: ClassifierProtocol;
  readonly #endpoint: Endpoint;

  protected constructor(settings: ClassifierSettings, protocol: ClassifierProtocol) {
    this.#settings = settings;
    this.#protocol = protocol;
    this.provider = settings.provider ?? protocol.name;
    this.#endpoint = new Endpoint({
      settings,
      defaultURL: protocol.defaultURL,
      keyVariable: protocol.keyVariable,
      requestIdHeader: protocol.requestIdHeader,
      auth: (key) => ({ authorization: `Bearer ${key}` }),
      failures: protocol.failures,
    });
  }

  /** Answers every question of `request` from the API, in one HTTP attempt. */
  async classify(request: ClassificationRequest, opts?: ClassifyCallOptions): Promise<ClassificationResponse> {
    this.#checkOptions(opts);
    if (!(request instanceof ClassificationRequest)) {
      throw new StandinError(
        'K0003',
        `${this.constructor.name}.classify(request, opts): request must be a ClassificationRequest, got ` +
          `${show(request)}.`,
      );
    }
    const requestId = opts?.requestId;
    const reject: Reject = (message, metadata) => {
      throw new ClassificationAdapterError('invalid_request', {
        message: `${this.provider}: ${message}`,
        provider: this.provider,
        metadata: requestId === undefined ? metadata : { ...metadata, requestId },
      });
    };
    if (isPlainObject(request.questions) && Object.keys(request.questions).length === 0) {
      reject(
        'questions must not be empty: ask at least one question, such as { team: ClassificationQuestion.choice(...) }.',
        { field: 'questions' },
      );
    }
    const problems = validateClassificationRequest(request);
    if (problems.length > 0)
      reject(`the request is invalid:\n${describeProblems('request', problems).join('\n')}`, { problems });
    const model = request.model ?? this.#settings.model ?? this.#protocol.defaultModel;
    const codec = await this.#protocol.codec();
    let wire: Readonly<Record<string, unknown>>;
    try {
      wire = codec.write({ model, state: request.state, questions: request.questions });
    } catch (error) {
      if (error instanceof UnsendableClassification) reject(error.why, error.at);
      throw error;
    }
    let body: string;
    try {
      body = JSON.stringify({ ...this.#settings.body, ...wire });
    } catch (error) {
      reject(
        `the request body cannot be written as JSON (${(error as Error).message}). Make settings.body plain JSON data.`,
        { cause: 'unencodable_body' },
      );
    }
    return this.#post(request, model, body, codec, opts);
  }

  async #post(
    request: ClassificationRequest,
    model: string,
    body: string,
    codec: ClassifierCodec,
    opts: ClassifyCallOptions | undefined,
  ): Promise<ClassificationResponse> {
    const requestId = opts?.requestId;
    const signal = opts?.signal ?? new AbortController().signal;
    // What reads an answer loads with the first call: a program that never classifies for real never reads it.
    const [{ classifiedResponse, replyError }, { classificationFailure }] = await Promise.all([
      import('./classifiedReply.js'),
      import('./classificationFailure.js'),
    ]);
    const { exchange, headers } = await this.#endpoint.open(
      { provider: this.provider, apiKey: undefined, signal, attempt: 1 },
      'application/json',
      'application/json',
    );
    const clean = (text: string) => this.#clean(exchange, text);
    try {
      let response: Response | undefined;
      let bytes: Uint8Array;
      try {
        response = await exchange.send(this.#endpoint.url(this.#protocol.path), { method: 'POST', headers, body });
        bytes = await exchange.bytes(response);
      } catch (error) {
        // A 2xx body that does not decompress is the answer's fault, as one that is not JSON is.
        if (response?.ok === true && exchange.isMalformed(error)) {
          const source = {
            provider: this.provider,
            status: response.status,
            providerRequestId: exchange.requestId,
            requestId,
            clean,
          };
          throw replyError(
            source,
            'malformed_response',
            bareMessage(error).replace(/^[^:]*: malformed response: /, 'malformed response: '),
            {},
          );
        }
        throw error instanceof ProviderFailure
          ? classificationFailure(error, exchange.report, requestId, clean)
          : error;
      }
      const source = {
        provider: this.provider,
        status: response.status,
        providerRequestId: exchange.requestId,
        requestId,
        clean,
      };
      const text = new TextDecoder().decode(bytes);
      let decoded: unknown;
      try {
        decoded = JSON.parse(text);
      } catch {
        throw replyError(
          source,
          'malformed_response',
          `malformed response: body is not JSON (it began ${JSON.stringify(text.slice(0, 60))})`,
          { path: 'body' },
        );
      }
      if (
        isPlainObject(decoded) &&
        decoded.error !== undefined &&
        decoded.error !== null &&
        errorReport(decoded) !== undefined
      ) {
        // A gateway's error with status 200: the same failure the chat adapter reads from such a body.
        const failed = exchange.reported(decoded, 'the server answered an error with status 200');
        throw classificationFailure(failed, errorReport(decoded), requestId, clean);
      }
      return classifiedResponse(decoded, codec.read, request, model, source);
    } finally {
      exchange.close();
    }
  }

  #clean(exchange: Exchange, text: string): string {
    const pattern = this.#protocol.keyPattern;
    const clean = exchange.clean(text);
    return pattern === undefined ? clean : clean.replace(pattern, MASK);
  }

  #checkOptions(opts: ClassifyCallOptions | undefined): void {
    if (opts === undefined) return;
    const where = `${this.constructor.name}.classify`;
    if (typeof opts !== 'object' || opts === null)
      throw badOption(where, 'opts', `an object { requestId?, signal?, adapterOpts? }, got ${show(opts)}`);
    if (opts.requestId !== undefined && typeof opts.requestId !== 'string')
      throw badOption(where, 'opts.requestId', `a string, got ${show(opts.requestId)}`);
    if (opts.signal !== undefined && !(opts.signal instanceof AbortSignal))
      throw badOption(where, 'opts.signal', `an AbortSignal, got ${show(opts.signal)}`);
    if (opts.adapterOpts !== undefined && (typeof opts.adapterOpts !== 'object' || opts.adapterOpts === null)) {
      throw badOption(where, 'opts.adapterOpts', `an object, got ${show(opts.adapterOpts)}`);
    }
  }
}

function badOption(where: string, path: string, expected: string): StandinError {
  return new StandinError('K0004', `${where}: ${path}: expected ${expected}.`);
}
