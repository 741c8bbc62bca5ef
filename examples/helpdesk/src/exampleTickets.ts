/** A ticket the page offers as a button, and the demo's fakes are scripted for. */
export interface ExampleTicket {
  /** A short stable name, for the page and the demo's scripts. */
  readonly id: string;
  /** The button's label. */
  readonly title: string;
  /** What the customer wrote. */
  readonly message: string;
}

/**
 * The example tickets.
 *
 * @example
 * ```ts
 * exampleTickets.find((t) => t.id === 'charged-twice')?.message;
 * ```
 */
export const exampleTickets: readonly ExampleTicket[] = [
  {
    id: 'charged-twice',
    title: 'Charged twice',
    message: 'My card was charged twice for order 1042. I want my money back, today!',
  },
  {
    id: 'locked-out',
    title: 'Locked out',
    message: 'I forgot my password and now my account is locked. How do I get back in?',
  },
  {
    id: 'upgrade',
    title: 'Upgrade mid-month',
    message: 'Can we move to a bigger plan in the middle of the month? What would we pay for it?',
  },
  {
    id: 'app-crash',
    title: 'App will not start',
    message: 'Since the last update the app does not start at all.',
  },
];
