/**
 * `npm start`: the help desk on http://127.0.0.1:3000 (or PORT). Without provider keys it runs
 * on fakes scripted for the example tickets; see examples/helpdesk/README.md.
 */
import 'reflect-metadata';
import type { AddressInfo } from 'node:net';
import { createHelpdesk } from './createHelpdesk.js';
import { helpdeskServices } from './services.js';

const port = Number(process.env.PORT?.trim() || 3000);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`PORT must be a port number from 0 to 65535, got ${JSON.stringify(process.env.PORT)}.`);
  process.exit(1);
}

const services = helpdeskServices(process.env);
// Stopping (Ctrl-C) closes the connections a browser keeps open, rather than waiting for them.
const nest = await createHelpdesk(services.settings, { logger: ['error', 'warn'], forceCloseConnections: true });
nest.enableShutdownHooks();
await nest.listen(port, '127.0.0.1');
const { port: listening } = nest.getHttpServer().address() as AddressInfo;
console.log(`Help desk: ${services.summary}.`);
console.log(`Listening on http://127.0.0.1:${listening}/`);
