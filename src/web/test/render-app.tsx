import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../app/providers';
import { routes } from '../app/router';
import { createQueryClient } from '../lib/query-client';

/** The whole app (real routes, providers and guards) at the given path, in memory. */
export function renderApp(initialPath: string) {
  const router = createMemoryRouter(routes, { initialEntries: [initialPath] });
  const queryClient = createQueryClient();
  // The app's own defaults (30 s fresh) stay: a test of what is read again must see them.
  queryClient.setDefaultOptions({
    queries: { ...queryClient.getDefaultOptions().queries, retry: false, refetchOnWindowFocus: false },
  });
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  const currentPath = () => `${router.state.location.pathname}${router.state.location.search}`;
  return { ...view, router, currentPath };
}
