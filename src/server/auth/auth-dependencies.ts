import type { Logger } from 'pino';
import type { Database } from '../db/database';
import type { Mailer } from '../email/mailer';
import type { BackgroundTasks } from '../shared/background-tasks';
import type { AccessTokens } from './access-tokens';
import type { LoginThrottle } from './login-throttle';
import type { PasswordSignInPolicy } from './password-sign-in-policy';
import type { PasswordHasher } from './passwords';
import type { RecentCallers } from './recent-callers';
import type { RecoveryCodeHasher } from './recovery-codes';
import type { SecretBox } from './secret-box';
import type { SlidingWindow } from './sliding-window';

/** Everything the auth services need, handed in as plain objects so tests and scripts can build them. */
export interface AuthDependencies {
  db: Database;
  passwords: PasswordHasher;
  accessTokens: AccessTokens;
  /** Callers looked up recently, so a chat message can ask its model while the sign-in is checked again. */
  recentCallers: RecentCallers;
  /** Failed logins per client address, per (username, address) and per username, in the database (docs/decisions/035). */
  loginThrottle: LoginThrottle;
  /** Sign-ups per client address, refused ones included, so the call can neither flood nor enumerate at speed. */
  signupThrottle: SlidingWindow;
  /**
   * Password-reset requests per client address (429 past it, whatever the e-mail), and reset
   * e-mails per recipient (quietly none past it, so the answer cannot tell whether an account exists).
   */
  passwordResetThrottle: { perClient: SlidingWindow; perRecipient: SlidingWindow };
  mailer: Mailer;
  /** Work done after the answer (the reset e-mail, so the answer cannot reveal an account); shutdown waits for it. */
  backgroundTasks: BackgroundTasks;
  totpSecrets: SecretBox;
  /** Seals the pair a refresh token was exchanged for, to answer it again within the reuse grace. */
  refreshSuccessors: SecretBox;
  /** Keyed hashes of two-factor recovery codes (docs/decisions/042). */
  recoveryCodes: RecoveryCodeHasher;
  refreshTokenTtlDays: number;
  /** Seconds a used refresh token is answered again with its pair, to the address that used it (docs/decisions/036); 0: never. */
  refreshReuseGraceSeconds: number;
  /** Dollars (exact text) a new organisation's wallet starts with (TRIAL_CREDIT_USD); absent, none. */
  trialCreditUsd?: string;
  /** Absolute link to a web page of the product, e.g. linkTo('/verify-email', token). */
  linkTo(pagePath: string, token: string): string;
  logger: Logger;
  /** Enforced single sign-on's say over password sign-ins and resets; absent, passwords always count. */
  passwordSignInPolicy?: PasswordSignInPolicy;
}

/** Who is asking, as far as the network tells. */
export interface ClientInfo {
  address: string;
  userAgent?: string;
}
