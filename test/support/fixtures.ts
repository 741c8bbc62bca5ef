import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sseEvent } from '../../src/protocols/sse.js';

/*
 * The fixtures under test/fixtures/: each documented stream event, whole answer and error body of a
 * provider, written from its public API reference, read by both sides' tests.
 */

const root = fileURLToPath(new URL('../fixtures/', import.meta.url));
const rootUrl = new URL('../fixtures/', import.meta.url);

/** The fixture at `path` under test/fixtures (`'openai/chat/chunk.content.json'`), parsed. */
export function fixture<T = Record<string, unknown>>(path: string): T {
  return JSON.parse(readFileSync(`${root}${path}`, 'utf8')) as T;
}

/** The paths of the fixtures in folder `dir` (`'openai/responses'`), each as {@link fixture} takes it. */
export function fixtures(dir: string): string[] {
  return readdirSync(`${root}${dir}`)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => `${dir}/${name}`);
}

/** A Chat Completions stream of the chunk fixtures at `paths`, as `data:` events ending in `data: [DONE]`. */
export function chunkStream(...paths: readonly (string | object)[]): string {
  const events = paths.map((path) => sseEvent(JSON.stringify(typeof path === 'string' ? fixture(path) : path)));
  return `${events.join('')}data: [DONE]\n\n`;
}

/** A Responses stream of the event fixtures at `paths`, each named by its `type`. */
export function eventStream(...paths: readonly (string | object)[]): string {
  return paths
    .map((path) => {
      const event = (typeof path === 'string' ? fixture(path) : path) as { type: string };
      return sseEvent(JSON.stringify(event), event.type);
    })
    .join('');
}

/** The files of one provider's fixtures folder, `test/fixtures/<vendor>/`, by name. */
export function fixtureNames(vendor: string): string[] {
  return readdirSync(new URL(`${vendor}/`, rootUrl)).sort();
}

/** One fixture's text, as the provider sends it (a stream's events with their CRLF line ends). */
export function fixtureText(vendor: string, name: string): string {
  return readFileSync(new URL(`${vendor}/${name}`, rootUrl), 'utf8');
}

/** One JSON fixture, parsed. */
export function fixtureJson(vendor: string, name: string): unknown {
  return JSON.parse(fixtureText(vendor, name)) as unknown;
}
