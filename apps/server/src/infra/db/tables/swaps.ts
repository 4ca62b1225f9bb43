// Swaps: one row per swap (an image or a video), its photos' keys, status and result; a video's segments.

export interface SwapsTable {
  id: string;
  uid: string;
  mode: 'main' | 'proshoot' | 'prosoccer' | 'bulk' | 'admin_test';
  status: 'queued' | 'running' | 'done' | 'failed';
  job_id: string;
  source_key: string;
  target_key: string;
  result_key: string | null;
  thumb_key: string | null;
  error_code: string | null;
  error_message: string | null;
  metrics: string | null;
  created_at: number;
  completed_at: number | null;
  /** The usage period (users.reset_date) this swap was charged to; null once given back. */
  quota_period: string | null;
  /** The saved face a bulk swap was made with, or null. */
  face_id: string | null;
  /** When retention deleted the swap's photos under uploads/ (null while kept). */
  uploads_deleted_at: number | null;
  /** JSON: every source's photo keys, the (target face, source) pairs, each source's face; null for one face photo onto the largest face. */
  face_map: string | null;
  /** JSON: the target's faces as detected before the upload (the engine's TargetAnalysis), or null. */
  target_analysis: string | null;
  /** 'image' (default) or 'video': a video's target_key is the clip, result_key the MP4, thumb_key the poster. */
  kind: 'image' | 'video';
  /** JSON, videos only: the clip's facts (duration, size, fps, frames, rotation, downscaled, audio, person). */
  video: string | null;
}

/** One segment of a video swap: a run of frames any worker may swap, stored as its own MP4 until joined. */
export interface VideoSegmentsTable {
  swap_id: string;
  idx: number;
  first_frame: number;
  frames: number;
  frames_done: number;
  status: 'queued' | 'running' | 'done' | 'failed';
  result_key: string | null;
  worker: string | null;
  updated_at: number;
}
