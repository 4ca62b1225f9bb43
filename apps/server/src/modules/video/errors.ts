// The video routes' refusals: each a stable code the web words in its language.
import { AppError } from '../../http/errors.ts';

export const videoOff = () => new AppError(503, 'video_off', 'Video swaps are not available on this server.');
export const unsupportedVideo = () => new AppError(415, 'unsupported_video', 'Please choose an MP4, MOV or WebM video.', { field: 'target' });
export const videoTooLarge = (maxBytes: number) =>
  new AppError(413, 'video_too_large', `The video should be at most ${Math.floor(maxBytes / (1024 * 1024))} MB.`, { field: 'target', maxBytes });
export const videoTooLong = (maxSeconds: number) =>
  new AppError(400, 'video_too_long', `The video should be at most ${maxSeconds} seconds long.`, { field: 'target', maxSeconds });
export const corruptVideo = () => new AppError(400, 'corrupt_video', 'This video file is damaged and cannot be read.', { field: 'target' });
export const unknownPerson = () => new AppError(400, 'unknown_person', 'This person is not one of the people found in the video.', { field: 'person' });
export const videoMissing = () => new AppError(400, 'video_missing', 'Please select a video.', { field: 'target' });
