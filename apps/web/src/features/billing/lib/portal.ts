// The header's billing button: ask for a portal session, then go there.
import { createPortalSession } from '../api/billing-api';

export async function openBillingPortal(uid: string, go: (url: string) => void = (url) => window.location.assign(url)): Promise<void> {
  go(await createPortalSession(uid));
}
