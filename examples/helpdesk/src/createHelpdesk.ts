import { fileURLToPath } from 'node:url';
import type { NestApplicationOptions } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { StandinModuleSettings } from 'standin/nest';
import { HelpdeskModule } from './HelpdeskModule.js';

/** Where the page lives. */
export const publicDir = fileURLToPath(new URL('../public/', import.meta.url));

/**
 * The help desk as a Nest application, not yet listening: the API of {@link HelpdeskModule} and
 * the page (`GET /`). `npm start` and the end-to-end tests both start it this way.
 *
 * @example
 * ```ts
 * const nest = await createHelpdesk({ app: () => testApp }, { logger: false });
 * await nest.listen(0, '127.0.0.1');
 * ```
 */
export async function createHelpdesk(
  settings: StandinModuleSettings,
  options: NestApplicationOptions = {},
): Promise<NestExpressApplication> {
  const nest = await NestFactory.create<NestExpressApplication>(HelpdeskModule.forRoot(settings), options);
  nest.useStaticAssets(publicDir);
  return nest;
}
