import { once } from 'node:events';
import type { ServerResponse } from 'node:http';
import { Body, Controller, Get, Inject, Logger, NotFoundException, Param, Post, Query, Res } from '@nestjs/common';
import { StandinError } from 'standin';
import { httpErrorOf } from '../errors/httpErrorOf.js';
import { exampleTickets, type ExampleTicket } from '../exampleTickets.js';
import { sseFrame, streamEvent, type StreamEvent } from './streamEvent.js';
import { parseReplyMode, parseTicketBody } from './ticketBody.js';
import { TicketsService, type OpenedTicket } from './TicketsService.js';

/**
 * The help desk's HTTP API:
 * - `POST /tickets` `{ message }` (`?reply=stream` to leave the reply to the stream) answers
 *   `{ id, classification, reply }`;
 * - `GET /tickets/:id/stream` streams the writer's run for the ticket as server-sent events,
 *   ending with `done` (or `failed`);
 * - `GET /examples` lists the example tickets.
 *
 * @example
 * ```ts
 * @Module({ controllers: [TicketsController], providers: [TicketsService, TicketStore] })
 * ```
 */
@Controller()
export class TicketsController {
  readonly #tickets: TicketsService;
  readonly #logger = new Logger('Helpdesk');

  constructor(@Inject(TicketsService) tickets: TicketsService) {
    this.#tickets = tickets;
  }

  @Post('tickets')
  open(@Body() body: unknown, @Query('reply') reply: unknown): Promise<OpenedTicket> {
    const { message } = parseTicketBody(body);
    return this.#tickets.open(message, parseReplyMode(reply));
  }

  @Get('tickets/:id/stream')
  async stream(@Param('id') id: string, @Res() response: ServerResponse): Promise<void> {
    const ticket = this.#tickets.find(id);
    if (ticket === undefined)
      throw new NotFoundException(`There is no ticket ${JSON.stringify(id)}: open one with POST /tickets.`);
    // A client that leaves stops the run: no more provider calls for a page nobody reads.
    const left = new AbortController();
    response.once('close', () => left.abort());
    response.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    try {
      for await (const part of this.#tickets.write(ticket, left.signal)) await send(response, streamEvent(part));
    } catch (error) {
      if (left.signal.aborted) return;
      // The status line has gone out already, so a failure is the stream's last event.
      await send(response, { event: 'failed', data: this.#failure(error) });
    }
    response.end();
  }

  @Get('examples')
  examples(): { examples: readonly ExampleTicket[] } {
    return { examples: exampleTickets };
  }

  #failure(error: unknown): object {
    if (error instanceof StandinError) {
      this.#logger.error(`${error.code} ${error.message}`, error.stack);
      return httpErrorOf(error).body;
    }
    this.#logger.error('The writer failed', error instanceof Error ? error.stack : String(error));
    return {
      statusCode: 500,
      error: 'Internal Server Error',
      message: 'The help desk failed while writing the reply.',
    };
  }
}

/** Writes one event, waiting while the client's buffer is full. */
async function send(response: ServerResponse, event: StreamEvent): Promise<void> {
  if (response.destroyed || response.write(sseFrame(event))) return;
  await Promise.race([once(response, 'drain'), once(response, 'close')]);
}
