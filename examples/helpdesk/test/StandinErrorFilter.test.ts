import { Logger, type ArgumentsHost } from '@nestjs/common';
import type { HttpAdapterHost } from '@nestjs/core';
import { ClassificationAdapterError } from 'standin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StandinErrorFilter } from '../src/errors/StandinErrorFilter.js';
import { markTicket } from '../src/errors/ticketOfError.js';

/** A filter on an HTTP adapter that records what it is asked to do. */
function filterWith(headersSent: boolean) {
  const done: unknown[][] = [];
  const httpAdapter = {
    isHeadersSent: () => headersSent,
    end: (...args: unknown[]) => done.push(['end', ...args.slice(1)]),
    setHeader: (...args: unknown[]) => done.push(['setHeader', ...args.slice(1)]),
    reply: (...args: unknown[]) => done.push(['reply', ...args.slice(1)]),
  };
  const host = { switchToHttp: () => ({ getResponse: () => ({}) }) } as unknown as ArgumentsHost;
  const filter = new StandinErrorFilter({ httpAdapter } as unknown as HttpAdapterHost);
  return { done, catch: (error: ClassificationAdapterError) => filter.catch(error, host) };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe(StandinErrorFilter, () => {
  describe('.catch', () => {
    it('logs the error, with its stack, on the server', () => {
      const logged = vi.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
      const error = new ClassificationAdapterError('timeout');
      filterWith(false).catch(error);
      expect(logged).toHaveBeenCalledWith('K0008 K0008: classification adapter error: timeout', error.stack);
    });

    it('answers with the HTTP error and its Retry-After', () => {
      vi.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
      const { done, catch: handle } = filterWith(false);
      handle(new ClassificationAdapterError('rate_limited', { retryAfterMs: 1000 }));
      expect(done).toEqual([
        ['setHeader', 'retry-after', '1'],
        [
          'reply',
          {
            statusCode: 503,
            error: 'Service Unavailable',
            code: 'K0008',
            message: 'The classifier could not classify the ticket: rate_limited. Try again later.',
          },
          503,
        ],
      ]);
    });

    it('names the ticket whose reply the error ended, so the client can stream it later', () => {
      vi.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
      const { done, catch: handle } = filterWith(false);
      const error = new ClassificationAdapterError('timeout');
      markTicket(error, '0b6f3c1e-3c1a-4f7e-9a52-2f1f0c6d8e11');
      handle(error);
      expect(done).toEqual([
        ['reply', expect.objectContaining({ ticket: '0b6f3c1e-3c1a-4f7e-9a52-2f1f0c6d8e11' }), 504],
      ]);
    });

    it('only ends a response whose headers went out already', () => {
      vi.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
      const { done, catch: handle } = filterWith(true);
      handle(new ClassificationAdapterError('timeout'));
      expect(done).toEqual([['end']]);
    });
  });
});
