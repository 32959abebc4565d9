import { useId, type ReactNode } from 'react';

interface CardProps {
  title: string;
  /** Buttons or links beside the title. */
  actions?: ReactNode;
  className?: string;
  children: ReactNode;
}

/** A titled section of an admin page. */
export function Card({ title, actions, className = '', children }: CardProps) {
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      className={`min-w-0 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-5 dark:border-slate-800 dark:bg-slate-900 ${className}`}
    >
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id={titleId} className="text-lg font-semibold text-slate-900 dark:text-white">
          {title}
        </h2>
        {actions}
      </div>
      {children}
    </section>
  );
}

/** A read-only list of label and value pairs inside a card. */
export function Facts({ facts }: { facts: readonly { label: string; value: ReactNode }[] }) {
  return (
    <dl className="grid gap-x-4 gap-y-3 text-sm sm:grid-cols-2">
      {facts.map(({ label, value }) => (
        <div key={label} className="min-w-0">
          <dt className="text-slate-500 dark:text-slate-400">{label}</dt>
          <dd className="font-medium break-words text-slate-900 dark:text-slate-100">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
