import type { Container } from 'inversify';
import { Tokens } from '../../tokens/Tokens.js';
import type { ClassificationQuestion } from '../classification/ClassificationQuestion.js';
import type { ClassificationRequest, ClassificationState } from '../classification/ClassificationRequest.js';
import type { ClassificationResponse } from '../classification/ClassificationResponse.js';
import type { ClassifyCallControl, ClassifyOptions } from '../classification/ClassifyOptions.js';
import type { Engine, CallOptions } from '../engine/Engine.js';
import type { ReplyInput } from '../requests/prepareReply.js';
import type { RunOptions } from '../runs/runAgent.js';
import type { Reply } from '../engine/Reply.js';
import type { HearInput, Message, ReplyPart } from '../providers/Provider.js';
import type { Agent, RunPart, RunResult } from '../runs/Agent.js';

/**
 * What an application holds: its container and the engine's calls. Made by `createApp`.
 *
 * @example
 * ```ts
 * const app = createApp(config);
 * const reply = await app.reply('writer', { instructions: 'Be brief.', messages: 'Hello' });
 * ```
 */
export class App {
  /** The inversify container behind the app: rebind its `Tokens` to change a service. */
  readonly container: Container;
  /** The engine every call goes through. */
  readonly engine: Engine;

  constructor(container: Container) {
    this.container = container;
    this.engine = container.get(Tokens.Engine);
  }

  /** The app's id, the cursor key its scripted fakes see: stable for the app's life, distinct between apps. */
  get id(): string {
    return this.engine.id;
  }

  /** Asks a model for a reply and collects it. */
  reply<O = unknown>(model: string, input: ReplyInput<O>, options?: CallOptions): Promise<Reply<O>> {
    return this.engine.reply(model, input, options);
  }

  /** Asks a model for a reply and hands its parts on as they arrive. */
  stream<O = unknown>(model: string, input: ReplyInput<O>, options?: CallOptions): AsyncGenerator<ReplyPart, Reply<O>, undefined> {
    return this.engine.stream(model, input, options);
  }

  /** A vector for the text. */
  embed(model: string, text: string, options?: CallOptions): Promise<readonly number[]> {
    return this.engine.embed(model, text, options);
  }

  /** The text spoken in the audio. */
  hear(model: string, input: HearInput, options?: CallOptions): Promise<{ readonly text: string }> {
    return this.engine.hear(model, input, options);
  }

  /** The bytes of the text, spoken. */
  speak(model: string, text: string, options?: CallOptions): Promise<Uint8Array> {
    return this.engine.speak(model, text, options);
  }

  /** A relevance score for each text against the query. */
  rank(model: string, query: string, texts: readonly string[], options?: CallOptions): Promise<readonly number[]> {
    return this.engine.rank(model, query, texts, options);
  }

  /** The output of a model called with a plain input. */
  call(model: string, input: unknown, options?: CallOptions): Promise<unknown> {
    return this.engine.call(model, input, options);
  }

  /** Runs an agent to its end. */
  run<O = unknown>(agent: Agent<O>, input: string | readonly Message[], options?: RunOptions): Promise<RunResult<O>> {
    return this.engine.run(agent, input, options);
  }

  /** Runs an agent and hands on its parts as they arrive. */
  streamRun<O = unknown>(agent: Agent<O>, input: string | readonly Message[], options?: RunOptions): AsyncGenerator<RunPart<O>, RunResult<O>, undefined> {
    return this.engine.streamRun(agent, input, options);
  }

  /**
   * Asks the classifier typed questions about a state: one answer per question id. Pass a
   * `ClassificationRequest` in the state's place to send it as it is.
   *
   * @example
   * ```ts
   * const response = await app.classify('My card was charged twice.', {
   *   team: ClassificationQuestion.choice('Which team?', ['billing', 'technical']),
   * });
   * response.answer('team')?.choice;
   * ```
   */
  classify(request: ClassificationRequest, options?: ClassifyCallControl): Promise<ClassificationResponse>;
  classify(state: ClassificationState, questions: Readonly<Record<string, ClassificationQuestion>>, options?: ClassifyOptions): Promise<ClassificationResponse>;
  classify(first: unknown, second?: unknown, third?: unknown): Promise<ClassificationResponse> {
    return (this.engine.classify as (...args: unknown[]) => Promise<ClassificationResponse>).call(this.engine, first, second, third);
  }

  /** Runs `fn` in cursor scope `id`: scripted fakes it calls keep their cursors apart from every other scope. */
  scope<T>(id: string, fn: () => T): T {
    return this.engine.scope(id, fn);
  }

  /** Releases the container: unbinds every service, running their deactivation hooks. */
  async dispose(): Promise<void> {
    await this.container.unbindAllAsync();
  }
}
