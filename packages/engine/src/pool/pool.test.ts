import { readdirSync, readFileSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEnginePool, EngineError, type EnginePool } from '../index.ts';
import { ENGINE_V8_FLAGS } from '../heap.ts';
import { SPILL_DIR } from './spill.ts';
import { SPILL_MIN_BYTES } from './wire.ts';
import { fixture, FILES } from '../../test/fixtures.ts';

let pool: EnginePool;

beforeAll(async () => {
  pool = createEnginePool({ size: 2, maxQueue: 4 });
  await pool.ready();
}, 120_000);

afterAll(async () => { await pool?.close(); });

const source = () => fixture(FILES.eastAsian);
const target = () => fixture(FILES.eileen);

describe('engine pool', () => {
  it('swaps in a worker, forwarding progress and returning Buffers', async () => {
    const stages: string[] = [];
    const r = await pool.swap({ source: source(), target: target(), identity: false, onProgress: (s) => stages.push(s) });
    expect(Buffer.isBuffer(r.image)).toBe(true);
    expect(r.image.subarray(0, 3).toString('hex')).toBe('ffd8ff');
    expect(stages).toContain('swap');
    expect(stages.at(-1)).toBe('done');
    const d = await pool.detect(fixture(FILES.crew));
    expect(d.faces).toHaveLength(3);
    // Workers at their usual memory (under 500 MB) are kept.
    expect(pool.stats().recycled).toBe(0);
  });

  it('carries lists of frames to a worker and their patches back as Buffers', async () => {
    // A small frame goes through the IPC pipe, one of a megabyte or more through a file (see wire.ts).
    const frames = await Promise.all([240, 600].map(async (side) => {
      const still = await sharp(source()).resize(side, side).raw().toBuffer({ resolveWithObject: true });
      return { width: still.info.width, height: still.info.height, data: still.data };
    }));
    expect(frames[1]!.data.length).toBeGreaterThanOrEqual(SPILL_MIN_BYTES);
    for (const frame of frames) {
      const r = await pool.swapFrames({ source: target(), frames: [frame, frame], firstIndex: 0, fps: 25 });
      expect(r.patches).toHaveLength(2);
      for (const p of r.patches) {
        expect(Buffer.isBuffer(p!.data)).toBe(true);
        expect(p!.data.length).toBe(p!.width * p!.height * 3);
        expect(p!.x + p!.width).toBeLessThanOrEqual(frame.width);
      }
      expect(r.track.index).toBe(1);
    }
    // The files are removed once their task is over.
    expect(SPILL_DIR === null ? [] : readdirSync(SPILL_DIR).filter((f) => f.startsWith(`visage-engine-${process.pid}-`))).toEqual([]);
  });

  it('returns engine errors as EngineError instances with the same code', async () => {
    const err = await pool.swap({ source: fixture(FILES.cat), target: target() }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(EngineError);
    expect((err as EngineError).code).toBe('no_face_source');
    expect((err as EngineError).message).toBe('No face was found in the source image.');
  });

  it('fails only the task of a worker killed mid-task, then recovers', async () => {
    const before = pool.stats().restarts;
    const tasks = [0, 1].map(() => pool.swap({ source: source(), target: target(), identity: false }));
    // Wait until both workers hold a task, then kill one of them.
    while (pool.stats().busy < 2) await new Promise((r) => setTimeout(r, 5));
    const [victim] = pool.workerPids();
    process.kill(victim!, 'SIGKILL');
    const settled = await Promise.allSettled(tasks);
    const failed = settled.filter((s) => s.status === 'rejected');
    expect(failed).toHaveLength(1);
    const reason = (failed[0] as PromiseRejectedResult).reason as EngineError;
    expect(reason).toBeInstanceOf(EngineError);
    expect(reason.code).toBe('worker_crashed');
    expect(settled.filter((s) => s.status === 'fulfilled')).toHaveLength(1);
    expect(pool.stats().restarts).toBe(before + 1);
    expect(pool.workerPids()).not.toContain(victim);
    const again = await pool.swap({ source: source(), target: target(), identity: false });
    expect(again.image.length).toBeGreaterThan(1000);
  });

  it('refuses work beyond its queue with pool_busy', async () => {
    const tasks = Array.from({ length: 8 }, () => pool.swap({ source: source(), target: target(), identity: false }).then(() => 'ok', (e: EngineError) => e.code));
    const codes = await Promise.all(tasks);
    expect(codes.filter((c) => c === 'pool_busy').length).toBeGreaterThan(0);
    expect(codes.filter((c) => c === 'ok').length).toBeGreaterThanOrEqual(4);
  });

  it('replaces a worker whose memory stays above the limit after a task, losing nothing', async () => {
    const p = createEnginePool({ size: 1, maxWorkerRssMb: 1 });
    try {
      await p.ready();
      const [first] = p.workerPids();
      const a = await p.swap({ source: source(), target: target(), identity: false });
      // Queued while the first worker is replaced: the fresh one runs it.
      const b = await p.swap({ source: source(), target: target(), identity: false });
      expect(a.image.equals(b.image)).toBe(true);
      expect(p.workerPids()).not.toContain(first);
      const st = p.stats();
      expect(st.recycled).toBe(2);
      expect(st.restarts).toBe(0);
      expect(st.failed).toBe(0);
    } finally {
      await p.close();
    }
  });

  it('starts its workers with few malloc arenas (glibc\'s default kept ~120 MB more per worker), keeping freed blocks', () => {
    for (const pid of pool.workerPids()) {
      const env = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
      expect(env).toContain(`MALLOC_ARENA_MAX=${process.env.MALLOC_ARENA_MAX ?? '2'}`);
      expect(env).toContain(`MALLOC_MMAP_THRESHOLD_=${process.env.MALLOC_MMAP_THRESHOLD_ ?? String(32 * 1024 * 1024)}`);
    }
  });

  it('starts its workers with the engine\'s garbage collector settings (see heap.ts)', () => {
    for (const pid of pool.workerPids()) {
      const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      for (const flag of ENGINE_V8_FLAGS) expect(args).toContain(flag);
    }
  });

  it('takes the calls a person waits on before queued work', async () => {
    const one = createEnginePool({ size: 1 });
    try {
      await one.ready();
      const order: string[] = [];
      const track = (name: string) => (r: unknown) => { order.push(name); return r; };
      const all = [
        one.describe(source()).then(track('describe 1')),
        one.describe(target()).then(track('describe 2')),
        one.swap({ source: source(), target: target(), identity: false }).then(track('swap')),
        one.detect(target()).then(track('detect')),
      ];
      await Promise.all(all);
      // The first describe was running when the rest came; the detect overtook what was queued.
      expect(order).toEqual(['describe 1', 'detect', 'describe 2', 'swap']);
    } finally {
      await one.close();
    }
  }, 120_000);

  it('warms its workers up before it is ready only when asked to, and only at its start', async () => {
    // The worker killed above may still be loading its models on a busy machine.
    await pool.ready();
    expect(pool.stats().warmUpMs).toEqual([0, 0]);
    const warmed = createEnginePool({ size: 1, warmUp: true });
    try {
      await warmed.ready();
      expect(warmed.stats().warmUpMs[0]).toBeGreaterThan(0);
      expect((await warmed.detect(target())).faces).toHaveLength(1);
      // A replaced worker starts cold: tasks waiting for it are not held up by a warm-up.
      process.kill(warmed.workerPids()[0]!, 'SIGKILL');
      while (warmed.stats().restarts < 1) await new Promise((r) => setTimeout(r, 5));
      expect((await warmed.detect(target())).faces).toHaveLength(1);
      expect(warmed.stats().warmUpMs).toEqual([0]);
    } finally {
      await warmed.close();
    }
  }, 120_000);

  it('refuses work after close', async () => {
    const p = createEnginePool({ size: 1 });
    await p.close();
    await expect(p.swap({ source: source(), target: target() })).rejects.toMatchObject({ code: 'pool_closed' });
  });
});
