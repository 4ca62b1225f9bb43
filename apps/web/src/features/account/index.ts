// Public surface of the account feature: its header link (the page itself is in pages.ts).
export { AccountLink } from './components/AccountLink';
