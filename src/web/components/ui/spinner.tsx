export function Spinner({ label = 'Loading', className = 'h-8 w-8' }: { label?: string; className?: string }) {
  return (
    <span role="status" className="inline-flex items-center">
      <span
        aria-hidden="true"
        className={`animate-spin rounded-full border-4 border-brand-soft border-t-brand dark:border-slate-700 dark:border-t-brand-ink ${className}`}
      />
      <span className="sr-only">{label}</span>
    </span>
  );
}

export function FullPageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="flex min-h-[60vh] items-center justify-center" data-testid="page-spinner">
      <Spinner label={label} className="h-10 w-10" />
    </div>
  );
}
