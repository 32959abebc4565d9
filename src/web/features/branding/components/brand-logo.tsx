import { useState } from 'react';
import { Link } from 'react-router';
import { useBranding } from '../hooks/use-branding';

/** The application's name with its logo (the organisation's, or a mark with the name's first letter), linking to `to`. */
export function BrandLogo({ to }: { to: string }) {
  const { applicationName, logoUrl } = useBranding();
  const [brokenLogo, setBrokenLogo] = useState<string | null>(null);
  const showLogo = logoUrl !== null && logoUrl !== brokenLogo;
  return (
    <Link
      to={to}
      className="inline-flex min-w-0 items-center gap-2 rounded-md text-lg font-bold tracking-tight text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-ink dark:text-white"
    >
      {showLogo ? (
        <img
          src={logoUrl}
          alt=""
          data-testid="brand-logo"
          className="h-8 w-8 shrink-0 rounded-lg object-contain"
          onError={() => setBrokenLogo(logoUrl)}
        />
      ) : (
        <span
          aria-hidden="true"
          data-testid="brand-mark"
          className="flex h-8 w-8 shrink-0 items-center justify-center rounded-lg bg-brand text-on-brand"
        >
          {applicationName.trim().charAt(0).toUpperCase() || 'T'}
        </span>
      )}
      <span className="truncate">{applicationName}</span>
    </Link>
  );
}
