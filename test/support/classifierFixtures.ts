import { readdirSync, readFileSync } from 'node:fs';

/** The classifier APIs with fixtures under test/fixtures/. */
export type ClassifierVendor = 'typesafe' | 'decisions';

const folder = (vendor: ClassifierVendor): URL => new URL(`../fixtures/${vendor}/`, import.meta.url);

/**
 * A fixture of `test/fixtures/<vendor>/`, parsed: a body written from the API's documented shapes,
 * as the adapter's tests replay it and the protocol's tests parse it.
 */
export function fixture<T = unknown>(vendor: ClassifierVendor, name: string): T {
  return JSON.parse(readFileSync(new URL(`${name}.json`, folder(vendor)), 'utf8')) as T;
}

/** The names of a vendor's fixtures whose names start with `prefix` (`'error'`, `'reply'`). */
export function fixtureNames(vendor: ClassifierVendor, prefix: string): string[] {
  return readdirSync(folder(vendor))
    .filter((file) => file.startsWith(prefix) && file.endsWith('.json'))
    .map((file) => file.slice(0, -'.json'.length))
    .sort();
}
