import { Navigate, type RouteObject } from 'react-router';
import { AdminLayout } from '../features/admin/components/admin-layout';
import { RequireAdminScope } from '../features/access/components/require-admin-scope';
import { RequireAuth, twoFactorSetupPath } from '../features/auth/components/require-auth';
import { RootLayout } from './root-layout';
import { RouteErrorPage } from './route-error-page';
import { ActivatePage } from './routes/activate';
import * as admin from './routes/admin';
import { ChatPage } from './routes/chat';
import { LandingPage } from './routes/landing';
import { PrivacyPolicyPage, TermsPage } from './routes/legal';
import { LoginPage } from './routes/login';
import { PricingPage } from './routes/pricing';
import { ResetPasswordPage } from './routes/reset-password';
import { AppSettingsPage, ProfileSettingsPage } from './routes/settings';
import { SignupPage } from './routes/signup';
import { SingleSignOnCompletePage } from './routes/single-sign-on-complete';
import { TwoFactorSetupPage } from './routes/two-factor-setup';
import { VerifyEmailPage } from './routes/verify-email';

const adminRoutes: RouteObject[] = [
  {
    index: true,
    element: (
      <RequireAdminScope fallback="/">
        <admin.AdminDashboardPage />
      </RequireAdminScope>
    ),
  },
  { path: 'users/*', element: <admin.UserManagementPage /> },
  { path: 'roles/*', element: <admin.RoleManagementPage /> },
  { path: 'models/*', element: <admin.ModelAnalyticsPage /> },
  { path: 'billing/*', element: <admin.BillingPage /> },
  { path: 'api-keys/*', element: <admin.ApiKeysPage /> },
  {
    path: 'organization/*',
    element: (
      <RequireAdminScope fallback="/">
        <admin.OrganizationSettingsPage />
      </RequireAdminScope>
    ),
  },
  { path: '*', element: <Navigate to="/admin" replace /> },
];

/** The route table of spec section 2. */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      { index: true, element: <LandingPage /> },
      { path: 'login', element: <LoginPage /> },
      { path: 'signup', element: <SignupPage /> },
      { path: 'verify-email', element: <VerifyEmailPage /> },
      { path: 'activate', element: <ActivatePage /> },
      { path: 'reset-password', element: <ResetPasswordPage /> },
      { path: 'pricing', element: <PricingPage /> },
      { path: 'sso/complete', element: <SingleSignOnCompletePage /> },
      { path: 'privacy-policy', element: <PrivacyPolicyPage /> },
      { path: 'terms', element: <TermsPage /> },
      {
        element: <RequireAuth />,
        children: [
          { path: 'chat/*', element: <ChatPage /> },
          {
            path: 'dashboard',
            element: (
              <RequireAdminScope fallback="/">
                <admin.StandaloneDashboardPage />
              </RequireAdminScope>
            ),
          },
          { path: 'profile/settings', element: <ProfileSettingsPage /> },
          { path: 'settings/app', element: <AppSettingsPage /> },
          { path: twoFactorSetupPath.slice(1), element: <TwoFactorSetupPage /> },
          { path: 'admin', element: <AdminLayout />, children: adminRoutes },
        ],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];
