import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { Triage } from './triage.js';

/** A ticket the help desk has opened. */
export interface Ticket {
  readonly id: string;
  /** What the customer wrote. */
  readonly message: string;
  readonly triage: Triage;
  /** The id of the writer's run for this ticket: a stream of the ticket runs it again under the same id. */
  readonly runId: string;
}

/**
 * The tickets of one running help desk, in memory, the most recent {@link TicketStore.capacity}
 * of them: the oldest is forgotten when a new one would pass the limit.
 *
 * @example
 * ```ts
 * const ticket = store.open('My card was charged twice.', triage);
 * store.find(ticket.id) === ticket; // true
 * ```
 */
@Injectable()
export class TicketStore {
  /** How many tickets are kept. */
  static readonly capacity = 1000;
  readonly #tickets = new Map<string, Ticket>();

  /** Opens a ticket and answers it. */
  open(message: string, triage: Triage): Ticket {
    const ticket: Ticket = { id: randomUUID(), message, triage, runId: randomUUID() };
    this.#tickets.set(ticket.id, ticket);
    if (this.#tickets.size > TicketStore.capacity) this.#tickets.delete(this.#tickets.keys().next().value!);
    return ticket;
  }

  /** The ticket of that id, if it is kept. */
  find(id: string): Ticket | undefined {
    return this.#tickets.get(id);
  }
}
