// Image swaps: one row per swap, its photos' keys, status and result.

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
}
