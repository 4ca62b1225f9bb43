// Stripe may deliver events late, twice or out of order. A subscription snapshot replaces the
// stored one only if it is not older: a newer subscription wins over an older one; for one
// subscription, an ended one never comes back, a later period wins, then the later event.
export interface SubscriptionSnapshot {
  id: string;
  /** The subscription's creation (ms). */
  created: number;
  status: string;
  /** End of its current period (ms), or null. */
  periodEnd: number | null;
  /** Creation of the event that carried it (ms). */
  version: number;
}

const ENDED = new Set(['canceled', 'incomplete_expired']);

export function isNotOlder(stored: SubscriptionSnapshot | null, incoming: SubscriptionSnapshot): boolean {
  if (!stored) return true;
  if (incoming.id !== stored.id) {
    if (incoming.created !== stored.created) return incoming.created > stored.created;
    return incoming.version >= stored.version;
  }
  const storedEnded = ENDED.has(stored.status);
  const incomingEnded = ENDED.has(incoming.status);
  if (storedEnded !== incomingEnded) return incomingEnded;
  // 'incomplete' only ever comes first (before the first payment).
  if (incoming.status === 'incomplete' && stored.status !== 'incomplete') return false;
  const a = incoming.periodEnd ?? 0;
  const b = stored.periodEnd ?? 0;
  if (a !== b) return a > b;
  return incoming.version >= stored.version;
}
