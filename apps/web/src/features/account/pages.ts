// The account page, loaded as its own chunk when first shown (app/AccountRoute.tsx), apart from
// the header link every signed-in page carries.
export { AccountPage, type AccountPageProps } from './components/AccountPage';
