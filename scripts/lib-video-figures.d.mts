export interface RgbFrame { width: number; height: number; data: Uint8Array }
export interface Box { x: number; y: number; width: number; height: number }
export interface TrackedFace { points: Array<[number, number] | number[]>; height: number }

export declare const VIDEO_TARGETS: { temporalStability: number };
export declare function boxChange(a: RgbFrame, b: RgbFrame, box: Box): number;
export declare function temporalStability(resultChanges: Array<number | null>, originalChanges: Array<number | null>): number;
export declare function landmarkJitter(track: Array<TrackedFace | null>): number;
export declare function jitterRatio(resultTrack: Array<TrackedFace | null>, originalTrack: Array<TrackedFace | null>): number;
