import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../../../app/providers';
import { createQueryClient } from '../../../lib/query-client';
import { signIn } from '../../../test/fixtures';
import { ChatScreen } from '../components/chat-screen';

/** The chat screen signed in, with the real providers, before it is mounted in the app routes. */
export function renderChat() {
  signIn('access-1');
  const router = createMemoryRouter(
    [
      { path: '/chat/*', element: <ChatScreen /> },
      { path: '*', element: <p>Elsewhere</p> },
    ],
    { initialEntries: ['/chat'] },
  );
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false, refetchOnWindowFocus: false } });
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router };
}
