// Explicit content is refused on every plan, paid ones included: each uploaded photo is classified
// on the server before anything is stored. One step for every upload path:
//   ImageIntake.clean (modules/uploads/image-intake.ts) calls assertAllowed on every cleaned upload
import { AppError } from '../../http/errors.ts';

/** The classifier's answer for a photo scaled to CLASSIFIER_SIDE² RGB bytes: its explicit share, 0..1. */
export type ExplicitScorer = (rgb: Buffer) => Promise<number>;

export const EXPLICIT_MESSAGE = 'This photo looks like explicit content, which is refused on every plan. Choose another photo.';

export class ContentGuard {
  constructor(
    private readonly score: ExplicitScorer | null,
    private readonly threshold: number,
  ) {}

  get enabled(): boolean {
    return this.score !== null;
  }

  /** Resolves for an allowed photo (CLASSIFIER_SIDE² RGB bytes); 422 explicit_content for an explicit one. */
  async assertAllowed(rgb: Buffer): Promise<void> {
    if (!this.score) return;
    const score = await this.score(rgb);
    if (score >= this.threshold) throw new AppError(422, 'explicit_content', EXPLICIT_MESSAGE);
  }
}
