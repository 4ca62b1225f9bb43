// The composition: every module's services, built once from the infrastructure, and wired to each
// other here and nowhere else. Routes (app.ts) and job handlers (context.ts) only receive them.
import type { Logger } from 'pino';
import type { Config } from './config.ts';
import type { Db } from './infra/db/database.ts';
import type { MailOutbox } from './infra/mail/index.ts';
import type { JobQueue } from './infra/queue/index.ts';
import type { Storage } from './infra/storage/index.ts';
import { addAccountErasers, createAccountModule, type AccountModule } from './modules/account/index.ts';
import { createAdminUsersService, type AdminUsersService } from './modules/admin-users/index.ts';
import { apiKeysAccountData, createApiKeysService, type ApiKeysService } from './modules/api-keys/index.ts';
import { createAuthModule, type AuthModule } from './modules/auth/index.ts';
import { billingAccountData } from './modules/billing/account-data.ts';
import { createBillingService, type BillingService } from './modules/billing/index.ts';
import { createBulkModule, type BulkModule } from './modules/bulk/index.ts';
import { createCatalogueService, type CatalogueService } from './modules/catalogue/index.ts';
import { createEmailLinks, type EmailLinksService } from './modules/email-links/index.ts';
import { createContentModule, type ContentGuard, type ExplicitScorer } from './modules/content/index.ts';
import { createFacesModule, type FacesModule } from './modules/faces/index.ts';
import { createMyFacesModule, type MyFacesModule } from './modules/my-faces/index.ts';
import { createSwapResults, createSwapsService, FacePicker, swapsAccountData, type EngineHandle, type SwapResultsService, type SwapsService } from './modules/swaps/index.ts';
import { createImageIntake, type ImageIntake } from './modules/uploads/index.ts';
import { createIdempotency, idempotencyEraser, type Idempotency } from './modules/public-api/index.ts';
import { createWebhooksModule, type WebhooksModule } from './modules/webhooks/index.ts';
import { createVideoModule, type VideoModule } from './modules/video/index.ts';
import { UsersRepository } from './modules/users/repository.ts';
import { createUsersService, type UsersService } from './modules/users/index.ts';

export interface Services {
  users: UsersService;
  /** Sessions, sign-in and OIDC. */
  auth: AuthModule;
  /** Password reset, address confirmation and change of address, by e-mail links. */
  emailLinks: EmailLinksService;
  /** Explicit content refused on every plan: the intake calls `assertAllowed` on every cleaned upload. */
  content: ContentGuard;
  /** The one image intake every upload goes through (pixel cap, decode bound, content guard). */
  intake: ImageIntake;
  swaps: SwapsService;
  /** The faces a person chooses on a target (detection kept a short while) and the sources for them. */
  facePicker: FacePicker;
  /** Deleting a result, the compare photo, upload retention. */
  results: SwapResultsService;
  /** Pro modes' catalogues (Proshoot models, soccer players). */
  catalogue: CatalogueService;
  /** Plans and Stripe billing (off unless STRIPE_* are set). */
  billing: BillingService;
  /** Saved faces (operators). */
  faces: FacesModule;
  /** "My faces": every user's named faces, each with several photos. */
  myFaces: MyFacesModule;
  /** Bulk swaps, the swap browser and the gates (operators). */
  bulk: BulkModule;
  adminUsers: AdminUsersService;
  /** Account page, data export and erasure, with the per-module data registry. */
  account: AccountModule;
  /** Developers' API keys: the account page's card and the public API's guard. */
  apiKeys: ApiKeysService;
  /** The public API's Idempotency-Key answers. */
  idempotency: Idempotency;
  /** Developers' webhook endpoints and the signed deliveries of swap events. */
  webhooks: WebhooksModule;
  /** Video swaps: the clip's intake and allowance, and the segmented pipeline its jobs run. */
  video: VideoModule;
}

export interface Infrastructure {
  config: Config;
  log: Logger;
  db: Db;
  storage: Storage;
  queue: JobQueue;
  engine: EngineHandle;
  /** Sends mail in the background; null when mail is off (production without SMTP_URL). */
  outbox: MailOutbox | null;
}

/**
 * `explicitScore` replaces the content model's verdict (tests). `warmContent` loads the content
 * model now; `close` stops it.
 */
export function composeServices(infra: Infrastructure, explicitScore?: ExplicitScorer): { services: Services; warmContent(): Promise<number | null>; close(): Promise<void> } {
  const { config, log, db, storage, queue, engine, outbox } = infra;
  const content = createContentModule(config, explicitScore);
  const intake = createImageIntake(config, content.guard);
  const users = createUsersService(db, outbox !== null);
  const auth = createAuthModule(config, db, users);
  const emailLinks = createEmailLinks({ config, db, auth, users, outbox });
  auth.service.useSignUpMail(emailLinks);
  const swaps = createSwapsService({ db, storage, queue, intake, users });
  const catalogue = createCatalogueService({ db, storage, faces: engine, intake });
  swaps.useStoredAnalyses((key) => catalogue.analysisForKey(key));
  const billing = createBillingService(config, db, (info, msg) => log.warn({ component: 'billing', ...info }, msg));
  const faces = createFacesModule({ db, storage, detector: engine, intake });
  const myFaces = createMyFacesModule({ db, storage, engine, intake, maxFaces: config.MY_FACES_MAX });
  swaps.useSavedFaces(myFaces.service);
  const facePicker = new FacePicker(engine, intake, myFaces.sources, (uid, id) => swaps.savedFaceSource(uid, id));
  const results = createSwapResults({ db, storage, swaps, config, releaseShared: faces.releaseShared });
  catalogue.onRemoval((key) => results.keepSharedTarget(key));
  const bulk = createBulkModule({ db, config, swaps, faces: faces.service, intake });
  const adminUsers = createAdminUsersService(db, () => billing.enabled);
  const webhooks = createWebhooksModule({
    db,
    queue,
    allowPrivate: config.WEBHOOK_ALLOW_PRIVATE,
    publicUrl: config.PUBLIC_URL,
    tuning: { backoffMs: config.WEBHOOK_BACKOFF_MS },
    warn: (info, msg) => log.warn({ component: 'webhooks', ...info }, msg),
  });
  swaps.onEnded((row) => webhooks.swapEnded(row));
  const video = createVideoModule({ config, db, storage, queue, swaps, users, intake, content: content.guard, engine, savedFaces: myFaces.service });
  video.pipeline.onSegmentFinished((segment) => webhooks.segmentFinished(segment));
  const account = createAccountModule({ db, kind: config.databaseKind, storage, queue, config, intake, users });
  // What each module holds about a person: its export section and its eraser (one line per module).
  // Video first: its running segments are stopped before the swaps' eraser waits on their jobs.
  account.registry.add(null, video.eraser);
  account.registry.add(...swapsAccountData({ db, storage, queue, swaps }));
  account.registry.add(...faces.accountData());
  account.registry.add(...myFaces.accountData());
  account.registry.add(...billingAccountData(billing, new UsersRepository(db), queue));
  const apiKeys = createApiKeysService(db);
  account.registry.add(...apiKeysAccountData(apiKeys));
  const idempotency = createIdempotency(db);
  account.registry.add(null, idempotencyEraser(idempotency));
  account.registry.add(...webhooks.accountData());
  addAccountErasers(account, storage);
  const services = { users, auth, emailLinks, content: content.guard, intake, swaps, facePicker, results, catalogue, billing, faces, myFaces, bulk, adminUsers, account, apiKeys, idempotency, webhooks, video };
  return { services, warmContent: content.warm, close: async () => Promise.all([content.close(), video.close()]).then(() => undefined) };
}
