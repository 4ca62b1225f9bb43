// Content wiring: the engine's classifier (its own worker thread, started on first upload)
// behind ContentGuard; CONTENT_CHECK=false turns the check off (tests that do not need it).
import { createContentChecker, explicitScore, type ContentChecker } from '@visage/engine';
import type { Config } from '../../config.ts';
import { ContentGuard, type ExplicitScorer } from './guard.ts';

export { ContentGuard, EXPLICIT_MESSAGE, type ExplicitScorer } from './guard.ts';

export interface ContentModule {
  guard: ContentGuard;
  close(): Promise<void>;
}

/** `scorer` replaces the model (a test injects its verdict). */
export function createContentModule(config: Config, scorer?: ExplicitScorer): ContentModule {
  if (scorer) return { guard: new ContentGuard(scorer, config.CONTENT_EXPLICIT_THRESHOLD), close: async () => undefined };
  if (!config.CONTENT_CHECK) return { guard: new ContentGuard(null, config.CONTENT_EXPLICIT_THRESHOLD), close: async () => undefined };
  let checker: ContentChecker | null = null;
  const score: ExplicitScorer = async (jpeg) => explicitScore(await (checker ??= createContentChecker()).classify(jpeg));
  return {
    guard: new ContentGuard(score, config.CONTENT_EXPLICIT_THRESHOLD),
    close: async () => {
      await checker?.close();
      checker = null;
    },
  };
}
