import type { OutgoingEmail } from '../email/mailer';
import type { AuthDependencies } from './auth-dependencies';

/**
 * E-mail is sent after the data it announces is committed; a mail failure is logged and never
 * undoes what was committed.
 */
export async function sendAfterCommit(
  dependencies: Pick<AuthDependencies, 'mailer' | 'logger'>,
  email: OutgoingEmail,
): Promise<void> {
  try {
    await dependencies.mailer.send(email);
  } catch (error) {
    dependencies.logger.error({ err: error, to: email.to, subject: email.subject }, 'sending email failed');
  }
}
