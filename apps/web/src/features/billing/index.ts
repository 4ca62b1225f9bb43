// Public surface of the billing feature: usage panel and the billing portal (the plans page and
// the home page's plans section are in pages.ts).
export { UsagePanel } from './components/UsagePanel';
export { openBillingPortal } from './lib/portal';
