import { Outlet } from 'react-router';
import { ToastNavigationReset } from '../components/toast/toast-navigation-reset';
import { FullPageSpinner } from '../components/ui/spinner';
import { AuthFailureRedirect } from '../features/auth/components/auth-failure-redirect';
import { VerifyEmailBanner } from '../features/auth/components/verify-email-banner';
import { useAuth } from '../features/auth/hooks/use-auth';
import { BrandingEffect } from '../features/branding/components/branding-effect';
import { PreferencesEffect } from '../features/settings/components/preferences-effect';
import { TopNavBar } from './layout/top-nav-bar';

export function RootLayout() {
  const { isInitialized } = useAuth();
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main-content"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-brand focus:px-3 focus:py-2 focus:text-on-brand"
      >
        Skip to content
      </a>
      <AuthFailureRedirect />
      <ToastNavigationReset />
      <BrandingEffect />
      <PreferencesEffect />
      <TopNavBar />
      <VerifyEmailBanner />
      <main id="main-content" className="flex-1">
        {isInitialized ? <Outlet /> : <FullPageSpinner label="Checking your session" />}
      </main>
    </div>
  );
}
