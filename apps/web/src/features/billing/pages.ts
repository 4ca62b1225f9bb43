// The plans page, loaded as its own chunk when first shown (app/plans.tsx via app/routes.tsx).
export { PlansPage, type PlansPageProps } from './components/PlansPage';
