// Which chosen targets are clips: the dashboard's target takes a photo or a video, and a video
// switches the form to the video swap (its parts load only then).
import { ACCEPTED_VIDEO_TYPES } from '@visage/contracts/constants';
import { ACCEPT_ATTRIBUTE } from '../../../lib/image-files';

/** The target input's `accept`: the photos' types and the clips'. */
export const TARGET_ACCEPT = [ACCEPT_ATTRIBUTE, ...ACCEPTED_VIDEO_TYPES].join(',');

export function isVideoFile(file: Pick<File, 'type'>): boolean {
  return (ACCEPTED_VIDEO_TYPES as readonly string[]).includes(file.type);
}
