/** The ticket each error that ended a ticket's reply belongs to: the ticket is opened, so the client must learn it. */
const tickets = new WeakMap<object, string>();

/**
 * Notes that `error` ended the reply to ticket `id`, which is kept: the error's HTTP answer carries its id, so the
 * client can read the reply later from `GET /tickets/:id/stream`.
 *
 * @example
 * ```ts
 * markTicket(error, ticket.id);
 * ticketOf(error); // ticket.id
 * ```
 */
export function markTicket(error: unknown, id: string): void {
  if (typeof error === 'object' && error !== null) tickets.set(error, id);
}

/**
 * The id of the ticket whose reply `error` ended, if it ended one.
 *
 * @example
 * ```ts
 * ticketOf(new Error('not a ticket’s')); // undefined
 * ```
 */
export function ticketOf(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null ? tickets.get(error) : undefined;
}
