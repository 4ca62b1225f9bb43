// The plans page and the home page's plans section, loaded as chunks when first shown
// (app/plans.tsx and app/home.tsx via app/routes.tsx).
export { PlansPage, type PlansPageProps } from './components/PlansPage';
export { PlansSection } from './components/PlansSection';
