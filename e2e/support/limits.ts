// How long the browser tests may wait, named by what they wait for. Every wait is on a signal of
// the app (a text, an aria state, a network answer, an event); a limit only bounds a hang, so
// each is sized for a busy 2-core machine where the page, the server and the engine share the
// CPUs with other work, never for a fast one. A passing test does not wait any longer for them.

export const LIMITS = {
  /** The page's answer to a click, a key or a navigation: a render, a route change, a short API call. */
  ui: 30_000,
  /**
   * Work in the page or a plain upload: the sign-up's proof-of-work, compressing a photo in the
   * page's worker, an upload through the server's content check (its model loads on first use).
   */
  pageWork: 60_000,
  /**
   * One answer that needs the face engine or the job queue: a swap to its result, the face check
   * of a saved or catalogue photo, a data export. The first one waits for the models to load, and
   * any may queue behind another test's swap on the same server.
   */
  engine: 150_000,
  /** A server answering its health check after start (tsx compiles it first; the engine loads beside). */
  serverStart: 120_000,
  /** A whole test without engine work. */
  test: 120_000,
} as const;

/** Waiting for `tasks` engine answers that run one after another (a bulk of several targets). */
export function engineWait(tasks: number): number {
  return tasks * LIMITS.engine;
}

/** A test that waits for `tasks` engine answers besides its page work. */
export function engineTest(tasks: number): number {
  return LIMITS.test + engineWait(tasks);
}

/** A beforeAll hook that starts a server of its own: long enough for the start's own, clearer, error. */
export const SERVER_HOOK = LIMITS.serverStart + 30_000;
