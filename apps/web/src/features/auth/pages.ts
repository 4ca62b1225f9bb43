// The sign-in page, loaded as its own chunk when first shown (app/routes.tsx): a signed-in
// visitor's first load never needs it.
export { LoginPage } from './components/LoginPage';
