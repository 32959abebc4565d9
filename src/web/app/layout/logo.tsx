import { Link } from 'react-router';

export function Logo({ to }: { to: string }) {
  return (
    <Link
      to={to}
      className="inline-flex items-center gap-2 rounded-md text-lg font-bold tracking-tight text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-white"
    >
      <span aria-hidden="true" className="flex h-8 w-8 items-center justify-center rounded-lg bg-indigo-600 text-white">
        T
      </span>
      Tokenwise
    </Link>
  );
}
