// Accounts, sessions and everything sign-in keeps: OIDC, e-mail links, counters, spent challenges.
import type { Generated } from 'kysely';

export interface UsersTable {
  uid: string;
  email: string;
  password_hash: string | null;
  role: 'user' | 'operator' | 'admin';
  pic: string;
  nom: string;
  prenom: string;
  gender: string;
  birthday: string;
  pays: string;
  ville: string;
  email_verified: number;
  ip: string;
  subscription: string;
  customer_id: string;
  usage: number;
  /** Video swaps counted in the same period as `usage` (0020). */
  video_usage: number;
  reset_date: string;
  terms_version: string | null;
  terms_accepted_at: number | null;
  /** How the terms were accepted: 'signup-form' | 'oidc-consent' | 'admin-cli' (null: never asked). */
  consent_method: string | null;
  /** When the person confirmed being 13 or older (null: never asked). */
  age_confirmed_at: number | null;
  created_at: number;
  updated_at: number;
  // Billing (0009): the Stripe subscription as last seen; `subscription` above holds the plan in force.
  stripe_subscription_id: string | null;
  stripe_plan: string | null;
  subscription_status: string | null;
  /** End of the paid period, epoch ms. */
  current_period_end: number | null;
  cancel_at_period_end: number;
  /** The subscription's own creation time (ms): a newer subscription replaces an older one. */
  subscription_created: number | null;
  /** Creation time (ms) of the Stripe event last applied to the subscription state. */
  subscription_version: number | null;
  /** Latest failed and latest paid invoice (their creation, ms): suspended while failed > paid. */
  invoice_failed_at: number | null;
  invoice_paid_at: number | null;
  /** The pages' colours the user chose (0013). */
  color_scheme: 'light' | 'dark' | 'system';
  /** Unconfirmed address (0012): swapping stops after this time until the address is confirmed; null once confirmed. */
  email_confirm_by: number | null;
}

export interface SessionsTable {
  token_hash: string;
  uid: string;
  created_at: number;
  expires_at: number;
  ip: string;
  user_agent: string;
  /** Updated at most once a minute as the session is used. */
  last_used_at: Generated<number | null>;
}

export interface OidcIdentitiesTable {
  issuer: string;
  subject: string;
  uid: string;
  created_at: number;
}

export interface OidcFlowsTable {
  state: string;
  binding_hash: string;
  code_verifier: string;
  nonce: string;
  redirect_uri: string;
  expires_at: number;
}

/** An OIDC sign-in waiting for the person's consent (token_hash: hash of the browser's cookie). */
export interface OidcPendingSignupsTable {
  token_hash: string;
  issuer: string;
  subject: string;
  uid: string | null;
  /** The verified claims (JSON of OidcClaims). */
  claims: string;
  ip: string;
  expires_at: number;
}

/** A single-use e-mail link (0012): only the token's SHA-256 is stored. */
export interface EmailTokensTable {
  token_hash: string;
  uid: string;
  purpose: 'reset' | 'verify' | 'change';
  /** The address the link went to (the new one for a change of address). */
  email: string;
  created_at: number;
  expires_at: number;
}

/** One sign-in limit counter: attempts under `key` since `window_start` (epoch ms). */
export interface SignInCountersTable {
  key: string;
  n: number;
  window_start: number;
}

export interface SpentChallengesTable {
  signature: string;
  expires_at: number;
}
