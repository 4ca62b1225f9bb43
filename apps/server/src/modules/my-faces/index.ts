// "My faces" wiring: the service, its routes, its account data and the saved-face source port.
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../infra/db/database.ts';
import type { Storage } from '../../infra/storage/index.ts';
import type { DataSection, Eraser } from '../account/registry.ts';
import type { ImageIntake } from '../uploads/index.ts';
import { myFacesAccountData } from './account-data.ts';
import { MyFacesRepository } from './repository.ts';
import { myFacesRoutes } from './routes.ts';
import { MyFacesService, type FaceProfiler } from './service.ts';
import { MyFaceSources } from './sources.ts';

export { MyFacesService, MY_FACES_PREFIX } from './service.ts';
export { MyFaceSources } from './sources.ts';

export interface MyFacesModule {
  service: MyFacesService;
  /** The swaps module's SavedFaceSources. */
  sources: MyFaceSources;
  accountData(): [DataSection, Eraser];
}

export function createMyFacesModule(deps: { db: Db; storage: Storage; engine: FaceProfiler; intake: ImageIntake; maxFaces: number }): MyFacesModule {
  const repo = new MyFacesRepository(deps.db);
  const service = new MyFacesService(repo, deps.storage, deps.engine, deps.intake, deps.maxFaces);
  return { service, sources: new MyFaceSources(service), accountData: () => myFacesAccountData(repo, deps.storage) };
}

export async function registerMyFacesRoutes(app: FastifyInstance, deps: { myFaces: MyFacesModule }): Promise<void> {
  await myFacesRoutes(app, deps.myFaces.service);
}
