import { Inject, Injectable } from '@nestjs/common';
import type { App, RunPart, RunResult } from 'standin';
import { STANDIN_APP } from 'standin/nest';
import { markTicket } from '../errors/ticketOfError.js';
import { TicketStore, type Ticket } from './TicketStore.js';
import { readTriage, triageQuestions, type Triage } from './triage.js';
import { replyOf, writer, writerPrompt, type TicketReply, type WriterAnswer } from './writer.js';

/** What opening a ticket answers. */
export interface OpenedTicket {
  readonly id: string;
  readonly classification: Triage;
  /** The reply, or null when it was left to the ticket's stream. */
  readonly reply: TicketReply | null;
}

/**
 * The help desk's work: it classifies a ticket, then has the writer answer it from the guide.
 *
 * @example
 * ```ts
 * const { id, classification, reply } = await tickets.open('My card was charged twice.');
 * ```
 */
@Injectable()
export class TicketsService {
  readonly #app: App;
  readonly #store: TicketStore;

  constructor(@Inject(STANDIN_APP) app: App, @Inject(TicketStore) store: TicketStore) {
    this.#app = app;
    this.#store = store;
  }

  /**
   * Classifies the message and opens a ticket; unless `reply` is `'stream'`, the writer then
   * answers it before this returns.
   */
  async open(message: string, reply: 'now' | 'stream' = 'now'): Promise<OpenedTicket> {
    const triage = readTriage(await this.#app.classify(message, triageQuestions));
    const ticket = this.#store.open(message, triage);
    if (reply === 'stream') return { id: ticket.id, classification: triage, reply: null };
    let run: RunResult<WriterAnswer>;
    try {
      run = await this.#app.run(writer, writerPrompt(message, triage), { runId: ticket.runId });
    } catch (error) {
      // The ticket is opened and kept: the error's answer names it, so its reply can be streamed later.
      markTicket(error, ticket.id);
      throw error;
    }
    return { id: ticket.id, classification: triage, reply: replyOf(run) };
  }

  /** The ticket of that id, if the help desk has it. */
  find(id: string): Ticket | undefined {
    return this.#store.find(id);
  }

  /**
   * The writer's run for a ticket, part by part as it arrives, ending with `{ type: 'done' }`.
   * It runs under the ticket's run id, so a scripted writer replays the steps it gave before.
   */
  write(
    ticket: Ticket,
    signal?: AbortSignal,
  ): AsyncGenerator<RunPart<WriterAnswer>, RunResult<WriterAnswer>, undefined> {
    return this.#app.streamRun(
      writer,
      writerPrompt(ticket.message, ticket.triage),
      signal === undefined ? { runId: ticket.runId } : { runId: ticket.runId, signal },
    );
  }
}
