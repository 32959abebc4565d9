export const navLinkStyle =
  'rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-ink dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white';

export const navPrimaryStyle =
  'rounded-md bg-brand px-3 py-2 text-sm font-semibold text-on-brand hover:bg-brand/85 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-ink';
