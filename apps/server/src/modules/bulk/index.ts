// Issue 36 wiring: saved faces, bulk swaps, the swap browser, the gates and the admin test page.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { FacesRepository } from '../faces/repository.ts';
import { faceRoutes } from '../faces/routes.ts';
import { FacesService } from '../faces/service.ts';
import { BrowserRepository } from './repository.ts';
import { bulkRoutes } from './routes.ts';
import { BulkService } from './service.ts';
import { Gates } from './gate.ts';

export async function registerBulk(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const faces = new FacesService(new FacesRepository(ctx.db), ctx.storage, ctx.engine, ctx.intake);
  const bulk = new BulkService(ctx.swaps, faces, new BrowserRepository(ctx.db), ctx.intake);
  await faceRoutes(app, faces);
  await bulkRoutes(app, bulk, new Gates({ bulk: ctx.config.BULK_PASSCODE, adminTest: ctx.config.ADMIN_TEST_WORD }));
}
