/** One page of the help-desk guide shipped with the example. */
export interface GuidePage {
  readonly page: number;
  readonly title: string;
  readonly text: string;
}

/** The help-desk guide the writer looks things up in. */
export const guide: readonly GuidePage[] = [
  {
    page: 1,
    title: 'Signing in',
    text: 'Sign in with your email address and password. After five failed attempts the account is locked for fifteen minutes.',
  },
  {
    page: 2,
    title: 'Resetting a password',
    text: 'Open Settings, then Password, and choose Reset. A link valid for one hour is sent to your email address.',
  },
  {
    page: 3,
    title: 'Charges and refunds',
    text: 'A card charged twice for one order is refunded in full within five working days. Refunds go back to the card that paid.',
  },
  {
    page: 4,
    title: 'Invoices',
    text: 'Invoices are under Billing, then History. Each invoice can be downloaded as a PDF.',
  },
  {
    page: 5,
    title: 'Upgrading a plan',
    text: 'Plans can be upgraded at any time under Billing, then Plan. The difference is charged pro rata for the current month.',
  },
  {
    page: 6,
    title: 'The app does not start',
    text: 'Update to the latest version, then clear the app cache under Settings, then Storage. If it still does not start, reinstall it.',
  },
];

const words = (text: string): Set<string> => new Set(text.toLowerCase().match(/[a-z]+/g) ?? []);

/**
 * The guide pages that share the most words with `query`, best first, at most three.
 *
 * @example
 * ```ts
 * findInGuide('reset a password')[0]?.page; // 2
 * ```
 */
export function findInGuide(query: string): GuidePage[] {
  const wanted = words(query);
  return guide
    .map((page) => ({
      page,
      score: [...words(`${page.title} ${page.text}`)].filter((w) => wanted.has(w) && w.length > 2).length,
    }))
    .filter((hit) => hit.score > 0)
    .sort((a, b) => b.score - a.score || a.page.page - b.page.page)
    .slice(0, 3)
    .map((hit) => hit.page);
}
