import type { Container } from 'inversify';
import { Tokens } from '../../tokens/Tokens.js';
import { assertAlive, isDisposed, markDisposed } from './disposed.js';
import type { ClassificationQuestion } from '../classification/ClassificationQuestion.js';
import type { ClassificationRequest, ClassificationState } from '../classification/ClassificationRequest.js';
import type { ClassificationResponse } from '../classification/ClassificationResponse.js';
import type { ClassifyCallControl, ClassifyOptions } from '../classification/ClassifyOptions.js';
import type { Engine, CallOptions, CountInput } from '../engine/Engine.js';
import type { ReplyInput } from '../requests/prepareReply.js';
import type { RunOptions } from '../runs/runAgent.js';
import type { Reply } from '../engine/Reply.js';
import type { GeneratedImage, HearInput, ImageOptions, Message, ReplyPart } from '../spec/Provider.js';
import type { Agent, RunPart, RunResult } from '../runs/Agent.js';
import type { Tool } from '../runs/tool.js';
import { mcpTools, type McpToolsOptions } from '../mcp/mcpTools.js';

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
    // Not async, so the engine's promise is handed on as it is; what is thrown before it exists (E0050) rejects
    // instead.
    try {
      assertAlive(this.container, 'app.reply(...)');
      return this.engine.reply(model, input, options);
    } catch (error) {
      return Promise.reject(error);
    }
  }

  /** Asks a model for a reply and hands its parts on as they arrive. */
  stream<O = unknown>(
    model: string,
    input: ReplyInput<O>,
    options?: CallOptions,
  ): AsyncGenerator<ReplyPart, Reply<O>, undefined> {
    assertAlive(this.container, 'app.stream(...)');
    return this.engine.stream(model, input, options);
  }

  /** A vector for the text. */
  async embed(model: string, text: string, options?: CallOptions): Promise<readonly number[]> {
    assertAlive(this.container, 'app.embed(...)');
    return this.engine.embed(model, text, options);
  }

  /** The text spoken in the audio. */
  async hear(model: string, input: HearInput, options?: CallOptions): Promise<{ readonly text: string }> {
    assertAlive(this.container, 'app.hear(...)');
    return this.engine.hear(model, input, options);
  }

  /** The bytes of the text, spoken. */
  async speak(model: string, text: string, options?: CallOptions): Promise<Uint8Array> {
    assertAlive(this.container, 'app.speak(...)');
    return this.engine.speak(model, text, options);
  }

  /** A relevance score for each text against the query. */
  async rank(
    model: string,
    query: string,
    texts: readonly string[],
    options?: CallOptions,
  ): Promise<readonly number[]> {
    assertAlive(this.container, 'app.rank(...)');
    return this.engine.rank(model, query, texts, options);
  }

  /** Images made from the prompt: `options` asks their size, count and format; `call` holds the call's options. */
  async image(
    model: string,
    prompt: string,
    options?: ImageOptions,
    call?: CallOptions,
  ): Promise<readonly GeneratedImage[]> {
    assertAlive(this.container, 'app.image(...)');
    return this.engine.image(model, prompt, options, call);
  }

  /** The output of a model called with a plain input. */
  async call(model: string, input: unknown, options?: CallOptions): Promise<unknown> {
    assertAlive(this.container, 'app.call(...)');
    return this.engine.call(model, input, options);
  }

  /** The input tokens the messages, instructions and tools would use as a reply's request to the model. */
  async countTokens(model: string, input: CountInput, options?: CallOptions): Promise<number> {
    assertAlive(this.container, 'app.countTokens(...)');
    return this.engine.countTokens(model, input, options);
  }

  /** Runs an agent to its end. */
  async run<O = unknown>(
    agent: Agent<O>,
    input: string | readonly Message[],
    options?: RunOptions,
  ): Promise<RunResult<O>> {
    assertAlive(this.container, 'app.run(...)');
    return this.engine.run(agent, input, options);
  }

  /** Runs an agent and hands on its parts as they arrive. */
  streamRun<O = unknown>(
    agent: Agent<O>,
    input: string | readonly Message[],
    options?: RunOptions,
  ): AsyncGenerator<RunPart<O>, RunResult<O>, undefined> {
    assertAlive(this.container, 'app.streamRun(...)');
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
  classify(
    state: ClassificationState,
    questions: Readonly<Record<string, ClassificationQuestion>>,
    options?: ClassifyOptions,
  ): Promise<ClassificationResponse>;
  async classify(first: unknown, second?: unknown, third?: unknown): Promise<ClassificationResponse> {
    assertAlive(this.container, 'app.classify(...)');
    return (this.engine.classify as (...args: unknown[]) => Promise<ClassificationResponse>).call(
      this.engine,
      first,
      second,
      third,
    );
  }

  /**
   * The tools of MCP server `server` (a name under the config's `mcp.servers`, or one `app.fakeMcp` fakes) to spread
   * into an agent's `tools`: all it lists, or those `options.tools` names, each named `options.prefix` + its name.
   * The server is connected on first use; each listing and call goes through what stands in for it in the scope.
   *
   * @example
   * ```ts
   * const agent = { model: 'writer', tools: { ...(await app.mcpTools('tickets', { tools: ['find'] })) } };
   * ```
   */
  async mcpTools(server: string, options?: McpToolsOptions): Promise<Record<string, Tool>> {
    assertAlive(this.container, `app.mcpTools('${server}')`);
    return mcpTools(this.container, server, options);
  }

  /** Runs `fn` in cursor scope `id`: scripted fakes it calls keep their cursors apart from every other scope. */
  scope<T>(id: string, fn: () => T): T {
    assertAlive(this.container, 'app.scope(...)');
    return this.engine.scope(id, fn);
  }

  /**
   * Connects what the app connects lazily — the Redis cursor store — now, rather than on the first faked call: rejects
   * with `D0001` (the URL's password masked) when Redis is unreachable. Resolves at once for the memory store.
   *
   * @example
   * ```ts
   * const app = createApp({ cursors: { store: 'redis', url: 'redis://127.0.0.1:6379' } });
   * await app.ready();
   * ```
   */
  async ready(): Promise<void> {
    assertAlive(this.container, 'app.ready()');
    await this.container.get(Tokens.CursorStore).ready?.();
  }

  /**
   * Releases the container: unbinds every service, running their deactivation hooks. Any later
   * call on the app fails with `E0050`; disposing it again does nothing.
   */
  async dispose(): Promise<void> {
    if (isDisposed(this.container)) return;
    markDisposed(this.container);
    await this.container.unbindAllAsync();
  }
}
