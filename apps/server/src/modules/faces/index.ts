// Saved faces wiring: the service (one, shared with bulk swaps), its routes, its account data,
// and the hook that frees a face photo once no swap reads it.
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../infra/db/database.ts';
import type { Storage } from '../../infra/storage/index.ts';
import type { DataSection, Eraser } from '../account/registry.ts';
import type { FaceDetector } from '../swaps/engine.ts';
import type { ImageIntake } from '../uploads/index.ts';
import { facesAccountData } from './account-data.ts';
import { FacesRepository } from './repository.ts';
import { faceRoutes } from './routes.ts';
import { FacesService, releaseFaceFile } from './service.ts';

export { FacesService } from './service.ts';

export interface FacesModule {
  service: FacesService;
  /** Deletes a swap's shared face photo once no saved face or swap refers to it. */
  releaseShared(uid: string, key: string): Promise<void>;
  /** The saved faces' export section and eraser, for the account data registry. */
  accountData(): [DataSection, Eraser];
}

export function createFacesModule(deps: { db: Db; storage: Storage; detector: FaceDetector; intake: ImageIntake }): FacesModule {
  const repo = new FacesRepository(deps.db);
  return {
    service: new FacesService(repo, deps.storage, deps.detector, deps.intake),
    releaseShared: (uid, key) => releaseFaceFile(repo, deps.storage, uid, key),
    accountData: () => facesAccountData(repo, deps.storage),
  };
}

export async function registerFaceRoutes(app: FastifyInstance, deps: { faces: FacesModule }): Promise<void> {
  await faceRoutes(app, deps.faces.service);
}
