// Catalogue wiring: the service (built by services.ts, where storage and the engine are at hand),
// demo seeding, and the HTTP routes (registered by app.ts).
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../infra/db/database.ts';
import type { SwapsService } from '../swaps/service.ts';
import type { FacePicker } from '../swaps/index.ts';
import type { ImageIntake } from '../uploads/index.ts';
import { CatalogueRepository } from './repository.ts';
import { catalogueRoutes } from './routes.ts';
import { CatalogueService, type CatalogueStore, type FaceReader } from './service.ts';

export { CatalogueService } from './service.ts';
export { seedDemoCatalogue } from './seed.ts';

export function createCatalogueService(deps: { db: Db; storage: CatalogueStore; faces: FaceReader; intake: ImageIntake }): CatalogueService {
  return new CatalogueService(new CatalogueRepository(deps.db), deps.storage, deps.faces, deps.intake);
}

export async function registerCatalogueRoutes(app: FastifyInstance, deps: { catalogue: CatalogueService; swaps: SwapsService; facePicker: FacePicker }): Promise<void> {
  await catalogueRoutes(app, deps.catalogue, deps.swaps, deps.facePicker);
}
