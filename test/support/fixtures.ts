import { readdirSync, readFileSync } from 'node:fs';

const root = new URL('../fixtures/', import.meta.url);

/** The files of one provider's fixtures folder, `test/fixtures/<vendor>/`, by name. */
export function fixtureNames(vendor: string): string[] {
  return readdirSync(new URL(`${vendor}/`, root)).sort();
}

/** One fixture's text, as the provider sends it (a stream's events with their CRLF line ends). */
export function fixtureText(vendor: string, name: string): string {
  return readFileSync(new URL(`${vendor}/${name}`, root), 'utf8');
}

/** One JSON fixture, parsed. */
export function fixtureJson(vendor: string, name: string): unknown {
  return JSON.parse(fixtureText(vendor, name)) as unknown;
}
