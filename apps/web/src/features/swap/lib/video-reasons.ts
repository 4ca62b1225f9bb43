// A video swap's failures: worded as for a photo, except explicit content, whose photo wording
// ("this photo…") would mislead about a clip.
import { reasonKey } from './failure-reason';

export function videoReasonKey(code: string | undefined): string {
  return code === 'explicit_content' ? 'video.explicit' : reasonKey(code);
}
