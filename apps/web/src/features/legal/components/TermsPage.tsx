import { use } from 'react';
import { loadSupportEmail } from '../../../lib/support';
import { LegalDocument } from './LegalDocument';

export function TermsPage() {
  // The support address is the server's setting: the page waits for it.
  return <LegalDocument id="terms" supportEmail={use(loadSupportEmail())} />;
}
