import { LegalDocument } from './legal-document';

export function TermsPage() {
  return <LegalDocument kind="terms" />;
}
