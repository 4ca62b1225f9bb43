// Video swap rules on the request side: whether video is on, the caller's allowance, the people
// in a clip, the upload (checked, stored, charged and enqueued once) and cancelling.
import { randomUUID } from 'node:crypto';
import { VIDEO_MAX_HEIGHT, type JobEvent, type UploadResponse, type VideoCancelResponse, type VideoPeopleResponse, type VideoStatus } from '@visage/contracts';
import { AppError } from '../../http/errors.ts';
import { MediaError, outputSize, type MediaTools, type VideoProbe } from '../../infra/media/index.ts';
import type { JobQueue } from '../../infra/queue/index.ts';
import type { Storage } from '../../infra/storage/index.ts';
import { effectivePlan } from '../billing/plan.ts';
import type { SwapImage, SwapsService } from '../swaps/service.ts';
import type { ImageIntake } from '../uploads/index.ts';
import type { UsersService } from '../users/service.ts';
import { videoLimitOf } from '../users/service.ts';
import { corruptVideo, unknownPerson, unsupportedVideo, videoOff, videoTooLong } from './errors.ts';
import { joinJobId, prepareJobId, segmentJobId, videoPrepareJob } from './jobs.ts';
import type { PeopleCache } from './people-cache.ts';
import type { VideoEngine } from './ports.ts';
import type { VideoRepository } from './repository.ts';
import type { ClipFacts } from '../swaps/video-facts.ts';
import { parseFacts } from '../swaps/video-facts.ts';
import { MESSAGES } from '../swaps/swap-item.ts';
import type { ClipUpload } from './video-form.ts';

export interface VideoLimits {
  maxSeconds: number;
  maxBytes: number;
  segmentSeconds: number;
}

/** Frames looked at to find the people of a clip: about one a second, within these bounds. */
const PEOPLE_FRAMES = { min: 4, max: 12 };

const CONTENT_TYPES: Record<ClipUpload['container'], string> = { mp4: 'video/mp4', mov: 'video/quicktime', webm: 'video/webm' };

export interface VideoUpload {
  clip: ClipUpload;
  source: SwapImage;
  person: number;
}

export class VideoService {
  constructor(
    private readonly media: MediaTools | null,
    private readonly repo: VideoRepository,
    private readonly storage: Storage,
    private readonly queue: Pick<JobQueue, 'enqueue' | 'get' | 'remove'>,
    private readonly swaps: SwapsService,
    private readonly users: UsersService,
    private readonly intake: ImageIntake,
    private readonly engine: VideoEngine,
    private readonly people: PeopleCache,
    readonly limits: VideoLimits,
    private readonly now: () => number = Date.now,
  ) {}

  get available(): boolean {
    return this.media !== null;
  }

  /** The tools, or 503 video_off. */
  tools(): MediaTools {
    if (!this.media) throw videoOff();
    return this.media;
  }

  async status(uid: string): Promise<VideoStatus> {
    const row = await this.users.current(uid);
    const at = new Date(this.now());
    const limit = videoLimitOf(row, at);
    return {
      available: this.available,
      reason: this.available ? null : 'no_ffmpeg',
      maxSeconds: this.limits.maxSeconds,
      maxBytes: this.limits.maxBytes,
      maxHeight: VIDEO_MAX_HEIGHT,
      plan: effectivePlan(row, at.getTime()),
      usage: row.video_usage,
      limit,
      left: limit === null ? null : Math.max(0, limit - row.video_usage),
      resetDate: row.reset_date,
    };
  }

  /** The early refusal, before any of the body is read: video off, no video on the plan, none left. */
  async assertCanStart(uid: string): Promise<void> {
    this.tools();
    await this.users.assertCanSwapVideo(uid, new Date(this.now()));
  }

  /** The clip's facts, or the refusal: unreadable (400 corrupt_video), no picture (415), too long (400). */
  async check(clip: ClipUpload): Promise<VideoProbe> {
    let probe: VideoProbe;
    try {
      probe = await this.tools().probe(clip.path);
    } catch (err) {
      if (err instanceof MediaError) throw /no video stream/.test(err.detail) ? unsupportedVideo() : corruptVideo();
      throw err;
    }
    if (probe.duration > this.limits.maxSeconds + 0.05) throw videoTooLong(this.limits.maxSeconds);
    return probe;
  }

  /** The people seen in the clip, largest and longest first; kept a while for the upload that follows. */
  async findPeople(uid: string, clip: ClipUpload, probe: VideoProbe): Promise<{ people: Awaited<ReturnType<VideoEngine['videoPeople']>>['people'] }> {
    const count = Math.min(PEOPLE_FRAMES.max, Math.max(PEOPLE_FRAMES.min, Math.round(probe.duration)));
    const times = Array.from({ length: count }, (_, i) => ((i + 0.5) * probe.duration) / count);
    const frames = await this.tools().sample(clip.path, times, { maxHeight: VIDEO_MAX_HEIGHT, probe });
    const found = await this.engine.videoPeople({ frames });
    this.people.set(uid, clip.sha256, found.people.map((p) => p.descriptor));
    return found;
  }

  async peopleOf(uid: string, clip: ClipUpload): Promise<VideoPeopleResponse> {
    const probe = await this.check(clip);
    const { people } = await this.findPeople(uid, clip, probe);
    const size = outputSize(probe, VIDEO_MAX_HEIGHT);
    return {
      duration: probe.duration,
      width: size.width,
      height: size.height,
      fps: probe.fps.num / probe.fps.den,
      people: people.map((p, index) => ({ index, thumbnail: `data:image/jpeg;base64,${p.thumbnail.toString('base64')}`, seen: p.seen, size: p.size, usable: p.usable })),
    };
  }

  /**
   * Creates the video swap: the clip checked, the face photo cleaned, both stored; then one
   * transaction reserves one video swap of the month and inserts the row (refused: 402 and
   * what was stored is deleted); then the prepare job, whose id is the swap's job id.
   */
  async create(uid: string, upload: VideoUpload): Promise<UploadResponse> {
    const probe = await this.check(upload.clip);
    let known = this.people.get(uid, upload.clip.sha256);
    if (!known && upload.person > 0) {
      // Chosen without the clip's people at hand (another process looked, or long ago): look again.
      known = (await this.findPeople(uid, upload.clip, probe)).people.map((p) => p.descriptor);
    }
    if (upload.person > 0 && !known?.[upload.person]) throw unknownPerson();
    // Person 0 not looked for yet: the prepare job finds the people and takes the first.
    const descriptor = known?.[upload.person] ?? null;
    const id = randomUUID();
    const stored: string[] = [];
    try {
      const sourceKey = await this.storeSource(upload.source, `uploads/${uid}/${id}-source.jpg`, stored, uid);
      const targetKey = `uploads/${uid}/${id}-target.${upload.clip.container}`;
      stored.push(targetKey);
      await this.storage.putFile(targetKey, upload.clip.path, CONTENT_TYPES[upload.clip.container]);
      const size = outputSize(probe, VIDEO_MAX_HEIGHT);
      const facts: ClipFacts = { ...probe, outWidth: size.width, outHeight: size.height, downscaled: size.downscaled, person: upload.person, descriptor, startedAt: null };
      await this.repo.transaction(async (tx, db) => {
        const period = await this.users.reserveVideo(db, uid, new Date(this.now()));
        await tx.insertSwap({ id, uid, job_id: prepareJobId(id), source_key: sourceKey, target_key: targetKey, created_at: this.now(), quota_period: period, video: JSON.stringify(facts) });
      });
    } catch (err) {
      await Promise.allSettled(stored.map((k) => this.storage.delete(k)));
      throw err;
    }
    this.swaps.changed(uid);
    try {
      await this.queue.enqueue(videoPrepareJob, { swapId: id }, { jobId: prepareJobId(id) });
    } catch (err) {
      await this.swaps.fail(id, 'engine_failed');
      throw err;
    }
    return { id, jobId: prepareJobId(id), status: 'queued' };
  }

  private async storeSource(source: SwapImage, key: string, stored: string[], owner: string): Promise<string> {
    if ('key' in source) return source.key;
    const body = Buffer.isBuffer(source) ? (await this.intake.clean(source, { owner })).body : source.cleaned;
    stored.push(key);
    await this.storage.put(key, body, 'image/jpeg');
    return key;
  }

  /**
   * Stops the caller's video swap and gives its allowance back (once: the swap's own guarded
   * failure). Waiting jobs are removed; a running segment sees the swap failed at its next chunk.
   */
  async cancel(uid: string, id: string): Promise<VideoCancelResponse> {
    const row = await this.swaps.findOwned(id, uid, false);
    if (row.kind !== 'video') throw new AppError(404, 'not_found', 'Not found.');
    if (await this.swaps.fail(id, 'cancelled')) await this.dropWork(row.uid, id);
    const now = await this.swaps.get(id);
    return { id, status: now?.status ?? 'failed' };
  }

  /** Removes a stopped swap's waiting jobs and its segments' files (running ones delete their own). */
  async dropWork(uid: string, swapId: string): Promise<void> {
    const segments = await this.repo.segments(swapId);
    await Promise.allSettled([prepareJobId(swapId), joinJobId(swapId), ...segments.map((s) => segmentJobId(swapId, s.idx))].map((j) => this.queue.remove(j)));
    for (const key of await this.storage.list(`videos/${uid}/${swapId}/`)) await this.storage.delete(key);
  }

  /** A video swap's progress from its segments (any process may be swapping them): frames done and time left at the pace so far. */
  async progress(row: { id: string; status: string; video: string | null }, jobId: string): Promise<JobEvent> {
    const segments = await this.repo.segments(row.id);
    if (segments.length === 0) {
      // Before the segments exist only the prepare job (the swap's job id) is at work.
      const job = await this.queue.get(jobId);
      if (job?.status === 'failed') return { type: 'failed', jobId, code: 'engine_failed', message: MESSAGES.engine_failed };
      return row.status === 'running' ? { type: 'running', jobId, stage: 'prepare', progress: 0 } : { type: 'queued', jobId };
    }
    const total = segments.reduce((n, s) => n + s.frames, 0);
    const done = Math.min(total, segments.reduce((n, s) => n + (s.status === 'done' ? s.frames : s.frames_done), 0));
    const startedAt = parseFacts(row.video)?.startedAt ?? null;
    const elapsed = startedAt === null ? 0 : this.now() - startedAt;
    const event: JobEvent = { type: 'running', jobId, stage: done >= total ? 'join' : 'swap', progress: total > 0 ? Number(((0.95 * done) / total).toFixed(3)) : 0, frames: { done, total } };
    if (done > 0 && elapsed > 0) event.etaMs = Math.round((elapsed * (total - done)) / done);
    return event;
  }
}
