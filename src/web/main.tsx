import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { routes } from './app/router';
import {
  applyResolvedTheme,
  readStoredPreference,
  resolveTheme,
  systemPrefersDark,
} from './components/theme/theme-context';
import { applyStoredFontSize } from './features/settings/lib/font-size';
import { createQueryClient } from './lib/query-client';
import './styles/index.css';

// Apply the theme and font size before the first paint so a dark-mode user never sees a white flash.
applyResolvedTheme(resolveTheme(readStoredPreference(), systemPrefersDark()));
applyStoredFontSize();

const router = createBrowserRouter(routes);
const queryClient = createQueryClient();
const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('The page has no #root element');

createRoot(rootElement).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
