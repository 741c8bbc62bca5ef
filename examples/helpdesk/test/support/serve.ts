import type { INestApplication } from '@nestjs/common';
import type { StandinModuleSettings } from 'standin/nest';
import { createHelpdesk } from '../../src/createHelpdesk.js';

/** A running help desk: its Nest application and its loopback URL. */
export interface Served {
  readonly nest: INestApplication;
  readonly url: string;
}

/**
 * Starts the help desk — the same application `npm start` runs — on a free loopback port. Pass
 * the settings of a test app; call {@link closeAll} after each test.
 */
export async function serve(settings: StandinModuleSettings, opened: Served[]): Promise<Served> {
  // Closing destroys the connections a client keeps alive, so a test never waits for them.
  const nest = await createHelpdesk(settings, { logger: false, abortOnError: false, forceCloseConnections: true });
  await nest.listen(0, '127.0.0.1');
  const served = { nest, url: (await nest.getUrl()).replace('[::1]', '127.0.0.1') };
  opened.push(served);
  return served;
}

/** Closes every help desk {@link serve} opened. */
export async function closeAll(opened: Served[]): Promise<void> {
  while (opened.length > 0) await opened.pop()!.nest.close();
}

/** One server-sent event, its data parsed. */
export interface ReadEvent {
  readonly event: string;
  readonly data: Record<string, unknown>;
}

/** Reads a server-sent event stream to its end. */
export async function readEvents(response: Response): Promise<ReadEvent[]> {
  const text = await response.text();
  return text
    .split('\n\n')
    .filter((block) => block.trim().length > 0)
    .map((block) => {
      const lines = block.split('\n');
      const field = (name: string): string | undefined =>
        lines.find((l) => l.startsWith(`${name}: `))?.slice(name.length + 2);
      return {
        event: field('event') ?? 'message',
        data: JSON.parse(field('data') ?? 'null') as Record<string, unknown>,
      };
    });
}

/** Posts a ticket. */
export function postTicket(
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
  query = '',
): Promise<Response> {
  return fetch(`${url}/tickets${query}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}
