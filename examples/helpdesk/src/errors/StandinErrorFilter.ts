import { Catch, Inject, Logger, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { StandinError } from 'standin';
import { httpErrorOf } from './httpErrorOf.js';
import { ticketOf } from './ticketOfError.js';

/**
 * Answers a request that a standin error ended with a clear HTTP error (see {@link httpErrorOf})
 * rather than Nest's bare 500, and logs the error with its stack on the server only.
 *
 * @example
 * ```ts
 * providers: [{ provide: APP_FILTER, useClass: StandinErrorFilter }]
 * ```
 */
@Catch(StandinError)
export class StandinErrorFilter implements ExceptionFilter<StandinError> {
  readonly #adapter: HttpAdapterHost;
  readonly #logger = new Logger('Helpdesk');

  constructor(@Inject(HttpAdapterHost) adapter: HttpAdapterHost) {
    this.#adapter = adapter;
  }

  catch(error: StandinError, host: ArgumentsHost): void {
    const { status, body, retryAfterSeconds } = httpErrorOf(error);
    this.#logger.error(`${error.code} ${error.message}`, error.stack);
    const http = this.#adapter.httpAdapter;
    const response: unknown = host.switchToHttp().getResponse();
    // A stream that has begun cannot change its status: it can only stop.
    if (http.isHeadersSent(response)) {
      http.end(response);
      return;
    }
    if (retryAfterSeconds !== undefined) http.setHeader(response, 'retry-after', String(retryAfterSeconds));
    // A ticket opened before its reply failed is kept: the client learns its id.
    const ticket = ticketOf(error);
    http.reply(response, ticket === undefined ? body : { ...body, ticket }, status);
  }
}
