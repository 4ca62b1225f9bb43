// Bounds how many multipart bodies are read at once. A form's files are held in memory until its
// images are cleaned, so without this every upload in a burst reads its 10–20 MB at once (8 swap
// uploads of two 10 MB JPEGs: +160 MB before the first decode). A request waiting here has not read
// its body: the bytes wait in the socket (TCP backpressure), not in the process.
import type { FastifyInstance } from 'fastify';
import { DecodeGate } from './decode-gate.ts';
import { releaseUploadMemory } from './release-memory.ts';

/** Bodies below this leave too little behind to be worth a full collection, which pauses every request. */
const COLLECT_AFTER_BYTES = 4 * 1024 * 1024;

export function registerUploadAdmission(app: FastifyInstance, concurrency: number, queue: number): void {
  const gate = new DecodeGate(concurrency, queue);
  // preHandler: after the session guard and the routes' declared-size checks, just before the handler reads the parts.
  app.addHook('preHandler', async (req, reply) => {
    if (!req.isMultipart()) return;
    const release = await gate.acquire();
    const declared = Number(req.headers['content-length']);
    const large = !(declared < COLLECT_AFTER_BYTES);
    // 'close' comes once the answer is sent or the connection is gone, whichever the request ends with.
    reply.raw.once('close', () => {
      release();
      if (large) releaseUploadMemory();
    });
  });
}
