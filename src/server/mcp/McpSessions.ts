/** How many MCP sessions a wire server keeps live when its settings name no other. */
export const DEFAULT_MCP_SESSIONS = 100;
/** How long an MCP session may sit unused before it is closed, in ms, when the settings name no other: 10 minutes. */
export const DEFAULT_MCP_IDLE_MS = 600_000;
/** The longest wait between two looks for idle sessions, in ms. */
const SWEEP_MS = 60_000;

import type { IncomingMessage, ServerResponse } from 'node:http';

/** One live MCP session: the server and scope it serves, what answers its requests, and what closes it. */
export interface McpSession {
  readonly server: string;
  readonly scope: string;
  /** Answers one request of the session, its body read already. */
  handle(request: IncomingMessage, response: ServerResponse, body: unknown): Promise<void>;
  /** Closes the session's transport and SDK server. */
  close(): Promise<void>;
}

interface Kept {
  readonly session: McpSession;
  used: number;
}

/**
 * Live MCP sessions: at most `cap`, each closed after `idleMs` unused, on a timer that never keeps the process alive.
 */
export class McpSessions {
  readonly cap: number;
  readonly #idleMs: number;
  readonly #now: () => number;
  readonly #live = new Map<string, Kept>();
  #timer: ReturnType<typeof setInterval> | undefined;

  constructor(cap = DEFAULT_MCP_SESSIONS, idleMs = DEFAULT_MCP_IDLE_MS, now: () => number = Date.now) {
    this.cap = cap;
    this.#idleMs = idleMs;
    this.#now = now;
  }

  /** How many sessions live. */
  get size(): number {
    return this.#live.size;
  }

  /** Keeps a session that started. */
  add(id: string, session: McpSession): void {
    this.#live.set(id, { session, used: this.#now() });
    if (this.#timer === undefined) {
      this.#timer = setInterval(() => void this.expire(), Math.min(this.#idleMs, SWEEP_MS));
      this.#timer.unref();
    }
  }

  /** The session `id`, marked used now; undefined when it is not live (never started, closed, or expired). */
  get(id: string): McpSession | undefined {
    const kept = this.#live.get(id);
    if (kept !== undefined) kept.used = this.#now();
    return kept?.session;
  }

  /** Forgets session `id`, which ended (its client closed it). */
  delete(id: string): void {
    this.#live.delete(id);
    this.#stopWhenEmpty();
  }

  /** Closes the sessions unused for `idleMs` or longer, as of `now`. */
  async expire(now = this.#now()): Promise<void> {
    const idle = [...this.#live].filter(([, kept]) => now - kept.used >= this.#idleMs);
    for (const [id] of idle) this.#live.delete(id);
    this.#stopWhenEmpty();
    await Promise.allSettled(idle.map(([, kept]) => kept.session.close()));
  }

  /** Closes every session, and the timer. */
  async close(): Promise<void> {
    const all = [...this.#live.values()];
    this.#live.clear();
    this.#stopWhenEmpty();
    await Promise.allSettled(all.map((kept) => kept.session.close()));
  }

  #stopWhenEmpty(): void {
    if (this.#live.size > 0 || this.#timer === undefined) return;
    clearInterval(this.#timer);
    this.#timer = undefined;
  }
}
