// Bulk wiring: bulk swaps, the swap browser, the gates and the admin test page (operators only).
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../infra/db/database.ts';
import type { FacesService } from '../faces/service.ts';
import type { SwapsService } from '../swaps/service.ts';
import type { FacePicker } from '../swaps/index.ts';
import type { ImageIntake } from '../uploads/index.ts';
import { resolveBotCheckKey } from '../auth/bot-check.ts';
import { cookieNames } from '../auth/cookies.ts';
import { Gates } from './gate.ts';
import { BrowserRepository } from './repository.ts';
import { bulkRoutes } from './routes.ts';
import { BulkService } from './service.ts';

export interface BulkModule {
  service: BulkService;
  gates: Gates;
}

export function createBulkModule(deps: { db: Db; config: Config; swaps: SwapsService; faces: FacesService; intake: ImageIntake }): BulkModule {
  return {
    service: new BulkService(deps.swaps, deps.faces, new BrowserRepository(deps.db), deps.intake),
    gates: new Gates({ bulk: deps.config.BULK_PASSCODE, adminTest: deps.config.ADMIN_TEST_WORD }, resolveBotCheckKey(deps.config), cookieNames(deps.config)),
  };
}

export async function registerBulkRoutes(app: FastifyInstance, deps: { bulk: BulkModule; facePicker: FacePicker }): Promise<void> {
  await bulkRoutes(app, deps.bulk.service, deps.bulk.gates, deps.facePicker);
}
