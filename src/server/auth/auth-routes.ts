import { Hono } from 'hono';
import {
  activateRequestSchema,
  changePasswordRequestSchema,
  loginRequestSchema,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  refreshRequestSchema,
  signupRequestSchema,
  twoFactorDisableSchema,
  twoFactorEnableSchema,
  validateTokenRequestSchema,
  verifyEmailRequestSchema,
} from '../../contracts';
import type { AppEnv } from '../http/context';
import { readJson } from '../http/read-json';
import * as accounts from './account-service';
import type { AuthDependencies } from './auth-dependencies';
import { requireAuth } from './require-auth';
import * as sessions from './session-service';
import * as twoFactor from './two-factor-service';

/** The Authentication calls of spec section 7, mounted at /auth. */
export function createAuthRoutes(dependencies: AuthDependencies) {
  const signedIn = requireAuth(dependencies);
  const client = (context: { get(key: 'clientAddress'): string; req: { header(name: string): string | undefined } }) => ({
    address: context.get('clientAddress'),
    userAgent: context.req.header('user-agent'),
  });

  return new Hono<AppEnv>()
    .post('/login', async (context) => {
      const input = await readJson(context, loginRequestSchema);
      return context.json(await sessions.login(dependencies, input, client(context)));
    })
    .post('/signup', async (context) => {
      const input = await readJson(context, signupRequestSchema);
      return context.json(await accounts.signup(dependencies, input, client(context)), 201);
    })
    .post('/refresh', async (context) => {
      const input = await readJson(context, refreshRequestSchema);
      return context.json(await sessions.refresh(dependencies, input.refresh_token));
    })
    .post('/logout', signedIn, async (context) => {
      await sessions.logout(dependencies, context.get('caller'));
      return context.json({ success: true });
    })
    .post('/password-reset/request', async (context) => {
      const input = await readJson(context, passwordResetRequestSchema);
      return context.json(await accounts.requestPasswordReset(dependencies, input.email, client(context)));
    })
    .post('/password-reset/confirm', async (context) => {
      const input = await readJson(context, passwordResetConfirmSchema);
      return context.json(await accounts.confirmPasswordReset(dependencies, input));
    })
    .post('/verify-email', async (context) => {
      const input = await readJson(context, verifyEmailRequestSchema);
      return context.json(await accounts.verifyEmail(dependencies, input.token));
    })
    .post('/activate', async (context) => {
      const input = await readJson(context, activateRequestSchema);
      return context.json(await accounts.activate(dependencies, input));
    })
    .post('/change-password', signedIn, async (context) => {
      const input = await readJson(context, changePasswordRequestSchema);
      return context.json(await accounts.changePassword(dependencies, context.get('caller'), input));
    })
    .post('/validate-token', async (context) => {
      const input = await readJson(context, validateTokenRequestSchema);
      const caller = await sessions.authenticate(dependencies, input.token);
      return context.json(caller ? { valid: true, expires_at: caller.expiresAt.toISOString() } : { valid: false });
    })
    .get('/2fa/setup', signedIn, async (context) => {
      return context.json(await twoFactor.setUpTwoFactor(dependencies, context.get('caller')));
    })
    .post('/2fa/enable', signedIn, async (context) => {
      const input = await readJson(context, twoFactorEnableSchema);
      return context.json(await twoFactor.enableTwoFactor(dependencies, context.get('caller'), input));
    })
    .post('/2fa/disable', signedIn, async (context) => {
      const input = await readJson(context, twoFactorDisableSchema);
      return context.json(await twoFactor.disableTwoFactor(dependencies, context.get('caller'), input));
    });
}
