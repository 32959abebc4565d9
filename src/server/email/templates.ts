import type { OutgoingEmail } from './mailer';

const signature = '\n\n— Tokenwise\nIf you did not expect this message, you can ignore it.';

export function verificationEmail(to: string, link: string, hoursValid: number): OutgoingEmail {
  return {
    to,
    link,
    subject: 'Verify your email address',
    text: `Please confirm your email address by opening this link:\n\n${link}\n\nThe link works once and expires in ${hoursValid} hours.${signature}`,
  };
}

export function activationEmail(to: string, link: string, hoursValid: number): OutgoingEmail {
  return {
    to,
    link,
    subject: 'Activate your account',
    text: `Your email address is confirmed. Choose a password to activate your account:\n\n${link}\n\nThe link works once and expires in ${hoursValid} hours.${signature}`,
  };
}

/** Someone an administrator added: the link lets them choose a password and join. */
export function invitationEmail(
  to: string,
  link: string,
  hoursValid: number,
  invitation: { organisationName: string; invitedBy: string },
): OutgoingEmail {
  return {
    to,
    link,
    subject: `You are invited to join ${invitation.organisationName} on Tokenwise`,
    text: `${invitation.invitedBy} invited you to join ${invitation.organisationName} on Tokenwise. Choose a password to activate your account:\n\n${link}\n\nThe link works once and expires in ${hoursValid} hours. If it has expired, ask ${invitation.invitedBy} to send a new invitation.${signature}`,
  };
}

export function passwordResetEmail(to: string, link: string, minutesValid: number): OutgoingEmail {
  return {
    to,
    link,
    subject: 'Reset your password',
    text: `Someone asked to reset the password of your account. To choose a new password, open:\n\n${link}\n\nThe link works once and expires in ${minutesValid} minutes.${signature}`,
  };
}
