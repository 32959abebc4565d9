import type { Scope } from '@contracts';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useScopeAccess } from '../../../access/hooks/use-scope-access';

/** Spec section 4: error banners disappear after 5 s. */
export const errorBannerMs = 5000;

/** What the banner above the input shows: a message, a line of detail, and at most one action. */
export interface BannerContent {
  message: string;
  /** 'warning' (amber): nothing was refused yet, e.g. above 90% of a limit; otherwise red, a refusal or failure. */
  tone?: 'error' | 'warning';
  detail?: string;
  /** One click to act on the message, e.g. switch to a cheaper model and send again. */
  action?: { label: string; run: () => void };
  /** A page that deals with the message, shown only to people whose role has `scope` (e.g. top up at /admin/billing). */
  link?: { label: string; to: string; scope: Scope };
}

/** Each tone's classes: the banner's fill and text, its detail line, and its button or link. */
export const bannerToneStyles = {
  // White on red-600 reads at 4.8:1; a paler red for the detail line (red-100) read at 3.9:1.
  error: {
    banner: 'bg-red-600 text-white',
    detail: 'text-white',
    control: 'border-white/70 hover:bg-white hover:text-red-700',
  },
  // Amber, apart from a refusal's red: amber-950 on amber-300 reads at over 10:1.
  warning: {
    banner: 'bg-amber-300 text-amber-950',
    detail: 'text-amber-900',
    control: 'border-amber-950/60 hover:bg-amber-950 hover:text-amber-50',
  },
} as const;

function ScopedLink({ link, controlStyle }: { link: NonNullable<BannerContent['link']>; controlStyle: string }) {
  // Asked only when such a banner shows: the role is read (and cached) then, not on every chat load.
  if (useScopeAccess(link.scope) !== 'granted') return null;
  return (
    <Link to={link.to} className={`rounded border px-2 py-0.5 text-xs font-semibold ${controlStyle}`}>
      {link.label}
    </Link>
  );
}

export function ErrorBanner({ banner, onDismiss }: { banner: BannerContent; onDismiss: () => void }) {
  // The screen re-renders every 10 ms while a reply streams; the timer must not restart then.
  const dismiss = useRef(onDismiss);
  dismiss.current = onDismiss;
  // Someone reaching for the banner's button keeps it: the 5 s start again once they leave it.
  const [held, setHeld] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: banner is a trigger: a new banner restarts the dismissal timer
  useEffect(() => {
    if (held) return;
    const timer = setTimeout(() => dismiss.current(), errorBannerMs);
    return () => clearTimeout(timer);
  }, [banner, held]);
  const { action } = banner;
  const tone = banner.tone ?? 'error';
  const style = bannerToneStyles[tone];
  return (
    <div
      role="alert"
      data-testid="error-banner"
      data-tone={tone}
      className={`mx-3 mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md px-3 py-2 text-sm ${style.banner}`}
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={() => setHeld(false)}
    >
      <span>{banner.message}</span>
      {banner.detail ? <span className={style.detail}>{banner.detail}</span> : null}
      {action ? (
        <button
          type="button"
          className={`rounded border px-2 py-0.5 text-xs font-semibold ${style.control}`}
          onClick={() => {
            dismiss.current();
            action.run();
          }}
        >
          {action.label}
        </button>
      ) : null}
      {banner.link ? <ScopedLink link={banner.link} controlStyle={style.control} /> : null}
    </div>
  );
}
