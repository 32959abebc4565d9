import { useEffect } from 'react';
import { useBranding } from '../hooks/use-branding';
import { brandPalette, brandVariables } from '../lib/brand-palette';

/** The CSS variable the accent utilities (bg-brand, outline-brand...) and form controls read; index.css has the product's. */
export const brandColorVariable = brandVariables.fill;

/**
 * Puts the organisation's branding where the page itself shows it: the document title, and the
 * accent in every role it plays (fills, text, focus rings, tints, charts) as CSS variables on
 * <html>. Without a colour of its own, index.css's product accent applies.
 */
export function BrandingEffect() {
  const { applicationName, primaryColor } = useBranding();
  useEffect(() => {
    document.title = applicationName;
  }, [applicationName]);
  useEffect(() => {
    const root = document.documentElement.style;
    const palette = primaryColor ? brandPalette(primaryColor) : null;
    for (const [role, variable] of Object.entries(brandVariables) as [keyof typeof brandVariables, string][]) {
      if (palette) root.setProperty(variable, palette[role]);
      else root.removeProperty(variable);
    }
  }, [primaryColor]);
  return null;
}
