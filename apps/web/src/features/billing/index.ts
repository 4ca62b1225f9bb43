// Public surface of the billing feature: plans, usage panel and the billing portal.
export { PlansPage, type PlansPageProps } from './components/PlansPage';
export { PlansSection } from './components/PlansSection';
export { UsagePanel } from './components/UsagePanel';
export { openBillingPortal } from './lib/portal';
