// The public API's keys and idempotency records, and webhook endpoints with their deliveries.

/** A developer's API key: only the secret's SHA-256 is kept; `slot` holds the per-account cap. */
export interface ApiKeysTable {
  id: string;
  uid: string;
  slot: number;
  name: string;
  /** The first characters of the key, shown to recognise it (`vsk_ab12`). */
  prefix: string;
  secret_hash: string;
  created_at: number;
  last_used_at: number | null;
}

/** The first answer to a create sent with an Idempotency-Key, replayed for 24 hours. */
export interface IdempotencyKeysTable {
  uid: string;
  idem_key: string;
  request_hash: string;
  status_code: number | null;
  response_body: string | null;
  created_at: number;
}

/** An HTTPS endpoint an account registered for webhooks. */
export interface WebhookEndpointsTable {
  id: string;
  uid: string;
  /** 0..WEBHOOKS_PER_USER-1, unique per account (the cap). */
  slot: number;
  url: string;
  /** JSON array of event types. */
  events: string;
  /** `whsec_…`: signs every post; never exported. */
  secret: string;
  secret_created_at: number;
  /** The secret before the last rotation, still signing beside `secret` until `previous_secret_until` (ms). */
  previous_secret: string | null;
  previous_secret_until: number | null;
  enabled: number;
  created_at: number;
}

/** One event sent to one endpoint, with its last answer. */
export interface WebhookDeliveriesTable {
  id: string;
  endpoint_id: string;
  uid: string;
  event_id: string;
  event_type: string;
  payload: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  last_status_code: number | null;
  last_error_code: string | null;
  last_error: string | null;
  last_attempt_at: number | null;
  next_attempt_at: number | null;
  retry_until: number;
  created_at: number;
}
