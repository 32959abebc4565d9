import { useEffect } from 'react';
import { useBranding } from '../hooks/use-branding';

/** The CSS variable the accent utilities (bg-brand, text-brand...) and form controls read; index.css has the product's. */
export const brandColorVariable = '--color-brand';

/** Puts the organisation's branding where the page itself shows it: the document title and the accent colour. */
export function BrandingEffect() {
  const { applicationName, primaryColor } = useBranding();
  useEffect(() => {
    document.title = applicationName;
  }, [applicationName]);
  useEffect(() => {
    const root = document.documentElement.style;
    if (primaryColor) root.setProperty(brandColorVariable, primaryColor);
    else root.removeProperty(brandColorVariable);
  }, [primaryColor]);
  return null;
}
