import { LegalDocument } from '../../features/legal/components/legal-document';
import { privacyIntroduction, privacySections } from '../../features/legal/components/privacy-policy-content';
import { termsIntroduction, termsSections } from '../../features/legal/components/terms-content';

const lastUpdated = '1 January 2025';

export function PrivacyPolicyPage() {
  return (
    <LegalDocument
      title="Privacy Policy"
      lastUpdated={lastUpdated}
      introduction={privacyIntroduction}
      sections={privacySections}
    />
  );
}

export function TermsPage() {
  return (
    <LegalDocument
      title="Terms of Service"
      lastUpdated={lastUpdated}
      introduction={termsIntroduction}
      sections={termsSections}
    />
  );
}
