// Billing events and "Download my data" exports with their allowance.

export interface BillingEventsTable {
  /** Stripe event id: each event is handled once. */
  id: string;
  type: string;
  created_at: number;
  received_at: number;
}

export interface DataExportsTable {
  id: string;
  uid: string;
  status: 'queued' | 'running' | 'done' | 'failed';
  job_id: string;
  storage_key: string | null;
  size: number | null;
  error: string | null;
  created_at: number;
  completed_at: number | null;
  /** The ZIP and this row are removed after this time. */
  expires_at: number;
}

/** Data exports started in an account's current 24-hour window. */
export interface ExportAllowancesTable {
  uid: string;
  n: number;
  window_start: number;
}
