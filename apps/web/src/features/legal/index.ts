export { PrivacyPage } from './components/PrivacyPage';
export { TermsPage } from './components/TermsPage';
