// Content wiring: the engine's classifier (its own child process, started on first upload or by
// warm() at start-up) behind ContentGuard, CONTENT_WORKERS threads; CONTENT_CHECK=false turns the
// check off.
import { createContentChecker, explicitScore, type ContentChecker } from '@visage/engine';
import type { Config } from '../../config.ts';
import { ContentGuard, type ExplicitScorer } from './guard.ts';

export { ContentGuard, EXPLICIT_MESSAGE, type ExplicitScorer } from './guard.ts';

export interface ContentModule {
  guard: ContentGuard;
  /** Loads the model now (about 5 s), so the first photo checked does not wait for it: its load time, null with no model. */
  warm(): Promise<number | null>;
  close(): Promise<void>;
}

/** `scorer` replaces the model (a test injects its verdict). */
export function createContentModule(config: Config, scorer?: ExplicitScorer): ContentModule {
  if (scorer) return { guard: new ContentGuard(scorer, config.CONTENT_EXPLICIT_THRESHOLD), warm: async () => null, close: async () => undefined };
  if (!config.CONTENT_CHECK) return { guard: new ContentGuard(null, config.CONTENT_EXPLICIT_THRESHOLD), warm: async () => null, close: async () => undefined };
  // CONTENT_WORKERS threads, each started on first need; a photo goes to the least busy one.
  const slots: { checker: ContentChecker | null; busy: number }[] = Array.from({ length: config.CONTENT_WORKERS }, () => ({ checker: null, busy: 0 }));
  const score: ExplicitScorer = async (rgb) => {
    const slot = slots.reduce((a, b) => (b.busy < a.busy ? b : a));
    slot.busy++;
    try {
      return explicitScore(await (slot.checker ??= createContentChecker()).classify({ rgb }));
    } finally {
      slot.busy--;
    }
  };
  return {
    guard: new ContentGuard(score, config.CONTENT_EXPLICIT_THRESHOLD),
    warm: () => (slots[0]!.checker ??= createContentChecker()).warm(),
    close: async () => {
      await Promise.all(slots.map((s) => s.checker?.close()));
      for (const s of slots) s.checker = null;
    },
  };
}
