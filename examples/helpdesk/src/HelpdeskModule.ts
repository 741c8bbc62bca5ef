import { Module, type DynamicModule } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { StandinModule, type StandinModuleSettings } from 'standin/nest';
import { StandinErrorFilter } from './errors/StandinErrorFilter.js';
import { TicketsController } from './tickets/TicketsController.js';
import { TicketsService } from './tickets/TicketsService.js';
import { TicketStore } from './tickets/TicketStore.js';

/**
 * The help desk as a Nest module, on the AI services `settings` describe (see `services.ts`):
 * standin's module (the app, the bridged tokens, a cursor scope per request), the tickets API,
 * and the filter that turns standin's errors into clear HTTP errors.
 *
 * @example
 * ```ts
 * const nest = await NestFactory.create(HelpdeskModule.forRoot(helpdeskServices().settings));
 * ```
 */
@Module({})
export class HelpdeskModule {
  static forRoot(settings: StandinModuleSettings): DynamicModule {
    return {
      module: HelpdeskModule,
      imports: [StandinModule.forRootAsync({ useFactory: () => settings })],
      controllers: [TicketsController],
      providers: [TicketsService, TicketStore, { provide: APP_FILTER, useClass: StandinErrorFilter }],
    };
  }
}
