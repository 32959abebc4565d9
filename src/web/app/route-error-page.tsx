import { isRouteErrorResponse, useRouteError } from 'react-router';

/** The router's error page (spec section 8). Deliberately free of providers that might be the cause. */
export function RouteErrorPage() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : undefined;
  return (
    <main className="mx-auto flex min-h-screen max-w-xl flex-col items-center justify-center px-4 text-center">
      <h1 className="text-2xl font-bold text-slate-900 dark:text-white">Unexpected Application Error!</h1>
      {detail ? <p className="mt-3 text-slate-600 dark:text-slate-400">{detail}</p> : null}
      <a href="/" className="mt-6 rounded-md bg-brand px-4 py-2 text-sm font-semibold text-on-brand hover:bg-brand/85">
        Go to the home page
      </a>
    </main>
  );
}
