// Public surface of the account feature: the account page and its header link.
export { AccountPage, type AccountPageProps } from './components/AccountPage';
export { AccountLink } from './components/AccountLink';
