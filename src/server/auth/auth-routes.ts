import { createRoute } from '@hono/zod-openapi';
import {
  resendVerificationRequestSchema,
  resendVerificationResponseSchema,
  activateRequestSchema,
  authResponseSchema,
  changePasswordRequestSchema,
  loginRequestSchema,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  refreshRequestSchema,
  refreshResponseSchema,
  signupRequestSchema,
  successResponseSchema,
  twoFactorDisableSchema,
  twoFactorEnableResponseSchema,
  twoFactorEnableSchema,
  twoFactorSetupResponseSchema,
  recoveryCodeStatusSchema,
  recoveryCodesResponseSchema,
  regenerateRecoveryCodesRequestSchema,
  validateTokenRequestSchema,
  validateTokenResponseSchema,
  verifyEmailRequestSchema,
  verifyEmailResponseSchema,
} from '../../contracts';
import type { MiddlewareHandler } from 'hono';
import type { z } from 'zod';
import type { AppEnv } from '../http/context';
import { addRoute, answers, createApiRouter, jsonBody, signedInSecurity } from '../http/api-router';
import { AppError } from '../http/app-error';
import * as accounts from './account-service';
import type { AuthDependencies } from './auth-dependencies';
import { requireAuth } from './require-auth';
import { login } from './login-service';
import { refresh } from './refresh-service';
import * as sessions from './session-service';
import * as recoveryCodes from './recovery-code-service';
import * as twoFactor from './two-factor-service';

const tags = ['Authentication'];

/** A JSON call; `signedIn` for the caller's own account calls. */
function post<Body extends z.ZodType>(
  path: string,
  summary: string,
  body: Body,
  answer: z.ZodType,
  options: { status?: 200 | 201; signedIn?: MiddlewareHandler<AppEnv> } = {},
) {
  const security = options.signedIn ? { security: signedInSecurity, middleware: options.signedIn } : {};
  return createRoute({
    method: 'post',
    path,
    tags,
    summary,
    ...security,
    request: { body: jsonBody(body) },
    responses: answers(summary, answer, options.status),
  });
}

/** The Authentication calls of spec section 7, mounted at /auth. */
export function createAuthRoutes(dependencies: AuthDependencies) {
  const signedIn = requireAuth(dependencies);
  const client = (context: {
    get(key: 'clientAddress'): string;
    req: { header(name: string): string | undefined };
  }) => ({
    address: context.get('clientAddress'),
    userAgent: context.req.header('user-agent'),
  });

  const router = createApiRouter();
  addRoute(router, post('/login', 'Sign in', loginRequestSchema, authResponseSchema), async (context) => {
    return context.json(await login(dependencies, context.req.valid('json'), client(context)));
  });
  addRoute(
    router,
    post('/signup', 'Sign up a new organisation and its first admin', signupRequestSchema, authResponseSchema, {
      status: 201,
    }),
    async (context) => {
      return context.json(await accounts.signup(dependencies, context.req.valid('json'), client(context)), 201);
    },
  );
  addRoute(
    router,
    post('/refresh', 'Exchange a refresh token for new tokens', refreshRequestSchema, refreshResponseSchema),
    async (context) => {
      return context.json(await refresh(dependencies, context.req.valid('json').refresh_token, client(context)));
    },
  );
  addRoute(
    router,
    createRoute({
      method: 'post',
      path: '/logout',
      tags,
      summary: 'End this sign-in',
      security: signedInSecurity,
      middleware: signedIn,
      responses: answers('Signed out', successResponseSchema),
    }),
    async (context) => {
      await sessions.logout(dependencies, context.get('caller'));
      return context.json({ success: true });
    },
  );
  addRoute(
    router,
    post('/password-reset/request', 'Send a password reset link', passwordResetRequestSchema, successResponseSchema),
    async (context) => {
      return context.json(
        await accounts.requestPasswordReset(dependencies, context.req.valid('json').email, client(context)),
      );
    },
  );
  addRoute(
    router,
    post(
      '/password-reset/confirm',
      'Set a new password with a reset link',
      passwordResetConfirmSchema,
      successResponseSchema,
    ),
    async (context) => {
      return context.json(await accounts.confirmPasswordReset(dependencies, context.req.valid('json')));
    },
  );
  addRoute(
    router,
    post('/verify-email', 'Verify an e-mail address', verifyEmailRequestSchema, verifyEmailResponseSchema),
    async (context) => {
      return context.json(await accounts.verifyEmail(dependencies, context.req.valid('json').token));
    },
  );
  addRoute(
    router,
    post(
      '/verify-email/resend',
      'Send a new link to verify the e-mail address',
      resendVerificationRequestSchema,
      resendVerificationResponseSchema,
      { signedIn },
    ),
    async (context) => {
      return context.json(await accounts.resendVerification(dependencies, context.get('caller')));
    },
  );
  addRoute(
    router,
    post('/activate', 'Activate an invited account', activateRequestSchema, successResponseSchema),
    async (context) => {
      return context.json(await accounts.activate(dependencies, context.req.valid('json')));
    },
  );
  addRoute(
    router,
    post('/change-password', 'Change the password', changePasswordRequestSchema, successResponseSchema, { signedIn }),
    async (context) => {
      return context.json(
        await accounts.changePassword(dependencies, context.get('caller'), context.req.valid('json')),
      );
    },
  );
  addRoute(
    router,
    post('/validate-token', 'Check an access token', validateTokenRequestSchema, validateTokenResponseSchema),
    async (context) => {
      // A token its organisation refuses here (address, two-factor setup) is not one to go on with.
      const caller = await sessions
        .authenticate(dependencies, context.req.valid('json').token, { clientAddress: context.get('clientAddress') })
        .catch((error: unknown) => {
          if (error instanceof AppError) return undefined;
          throw error;
        });
      return context.json(caller ? { valid: true, expires_at: caller.expiresAt.toISOString() } : { valid: false });
    },
  );
  addRoute(
    router,
    createRoute({
      method: 'get',
      path: '/2fa/setup',
      tags,
      summary: 'Start two-factor setup',
      security: signedInSecurity,
      middleware: signedIn,
      responses: answers('A new secret', twoFactorSetupResponseSchema),
    }),
    async (context) => context.json(await twoFactor.setUpTwoFactor(dependencies, context.get('caller'))),
  );
  addRoute(
    router,
    post(
      '/2fa/enable',
      'Turn two-factor authentication on; answers the recovery codes, shown this once',
      twoFactorEnableSchema,
      twoFactorEnableResponseSchema,
      { signedIn },
    ),
    async (context) => {
      return context.json(
        await twoFactor.enableTwoFactor(dependencies, context.get('caller'), context.req.valid('json')),
      );
    },
  );
  addRoute(
    router,
    post('/2fa/disable', 'Turn two-factor authentication off', twoFactorDisableSchema, successResponseSchema, {
      signedIn,
    }),
    async (context) => {
      return context.json(
        await twoFactor.disableTwoFactor(dependencies, context.get('caller'), context.req.valid('json')),
      );
    },
  );
  addRoute(
    router,
    createRoute({
      method: 'get',
      path: '/2fa/recovery-codes',
      tags,
      summary: "How many of the caller's two-factor recovery codes are left",
      security: signedInSecurity,
      middleware: signedIn,
      responses: answers('Recovery codes left', recoveryCodeStatusSchema),
    }),
    async (context) => context.json(await recoveryCodes.recoveryCodeStatus(dependencies, context.get('caller'))),
  );
  addRoute(
    router,
    post(
      '/2fa/recovery-codes',
      'A new set of two-factor recovery codes for a current authenticator code; the earlier ones stop working',
      regenerateRecoveryCodesRequestSchema,
      recoveryCodesResponseSchema,
      { signedIn },
    ),
    async (context) =>
      context.json(
        await recoveryCodes.regenerateRecoveryCodes(
          dependencies,
          context.get('caller'),
          context.req.valid('json'),
          client(context),
        ),
      ),
  );
  return router;
}
