import type { ReactNode } from 'react';

interface NotAvailableProps {
  /** What the visitor tried to open, e.g. "Chat" or "User management". */
  feature: string;
  children?: ReactNode;
}

/** An honest placeholder for screens a later release delivers. */
export function NotAvailable({ feature, children }: NotAvailableProps) {
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-2xl font-bold text-slate-900 dark:text-white">{feature} is coming soon</h1>
      <p className="mt-3 text-slate-600 dark:text-slate-400">
        {feature} is coming soon — this part of Tokenwise is not available yet.
      </p>
      {children ? <div className="mt-8 flex flex-wrap justify-center gap-3">{children}</div> : null}
    </section>
  );
}
