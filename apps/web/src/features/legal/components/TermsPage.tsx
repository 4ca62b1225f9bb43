import { LegalDocument } from './LegalDocument';

export function TermsPage() {
  return <LegalDocument id="terms" />;
}
