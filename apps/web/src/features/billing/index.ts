// Public surface of the billing feature: plans section, usage panel and the billing portal (the
// plans page is in pages.ts).
export { PlansSection } from './components/PlansSection';
export { UsagePanel } from './components/UsagePanel';
export { openBillingPortal } from './lib/portal';
