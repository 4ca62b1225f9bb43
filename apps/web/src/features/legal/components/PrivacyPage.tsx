import { LegalDocument } from './LegalDocument';

export function PrivacyPage() {
  return <LegalDocument id="privacy" />;
}
