// Public API wiring: the Idempotency-Key store (built by services.ts, erased with the account)
// and the /app/api/v1 routes (registered by app.ts).
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../infra/db/database.ts';
import type { JobQueue } from '../../infra/queue/index.ts';
import type { Eraser } from '../account/registry.ts';
import type { CatalogueService } from '../catalogue/index.ts';
import type { MyFacesModule } from '../my-faces/index.ts';
import type { FacePicker } from '../swaps/index.ts';
import type { SwapResultsService } from '../swaps/results.ts';
import type { SwapsService } from '../swaps/service.ts';
import { Idempotency } from './idempotency.ts';
import { IdempotencyRepository } from './idempotency-repository.ts';
import { publicApiRoutes } from './routes.ts';

export { Idempotency } from './idempotency.ts';

export function createIdempotency(db: Db): Idempotency {
  return new Idempotency(new IdempotencyRepository(db));
}

/** The stored first answers go with the account (they hold swap ids and URLs). */
export function idempotencyEraser(idempotency: Idempotency): Eraser {
  return { name: 'idempotencyKeys', again: true, erase: (uid) => idempotency.eraseAll(uid) };
}

export async function registerPublicApiRoutes(
  app: FastifyInstance,
  deps: { config: Config; swaps: SwapsService; results: SwapResultsService; queue: JobQueue; idempotency: Idempotency; catalogue: CatalogueService; facePicker: FacePicker; myFaces: MyFacesModule },
): Promise<void> {
  await publicApiRoutes(app, {
    swaps: deps.swaps,
    results: deps.results,
    queue: deps.queue,
    idempotency: deps.idempotency,
    // The same lookup the app's pro modes make from a catalogue photo's URL.
    catalogue: (kind, entryId) => deps.catalogue.resolveTarget(kind, `/app/api/media/catalogue/${encodeURIComponent(entryId)}/image`),
    picker: deps.facePicker,
    myFaces: deps.myFaces.service,
    requestsPerMinute: deps.config.API_RATE_LIMIT_PER_MINUTE,
  });
}
