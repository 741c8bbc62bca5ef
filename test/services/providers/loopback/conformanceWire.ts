import { raw, type Handler } from './LoopbackServer.js';

/** What a maker hands `providerConformance` beside the provider for the 'slow' scenario. */
interface Stalled {
  readonly started: () => Promise<void>;
  readonly closed: () => Promise<void>;
}

/** A stream that sends `first`, then nothing, until the client lets go: `started` settles when the request arrives, `closed` when the connection closes. */
export function stalled(first: string): Stalled & { readonly handler: Handler } {
  let onStart!: () => void;
  let onClose!: () => void;
  const arrived = new Promise<void>((resolve) => (onStart = resolve));
  const gone = new Promise<void>((resolve) => (onClose = resolve));
  const handler: Handler = (_, response) => {
    response.on('close', onClose);
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    response.write(first, () => onStart());
  };
  return { handler, started: () => arrived, closed: () => gone };
}

/** A status no failure kind covers, which a client hands back as it is (a 300 has no place to follow). */
export const multipleChoices: Handler = raw(300, 'Multiple choices');
