import { MIN_PASSWORD_LENGTH, messages } from '@contracts';
import { PasswordField } from '../../../components/ui/password-field';

/** Spec section 5, activation and reset pages: the two entries must match and be 8+ characters. */
export function findNewPasswordProblem(password: string, confirmation: string): string | undefined {
  if (password !== confirmation) return messages.passwordsDoNotMatch;
  if (password.length < MIN_PASSWORD_LENGTH) return messages.passwordTooShort;
  return undefined;
}

interface NewPasswordFieldsProps {
  passwordLabel: string;
  password: string;
  confirmation: string;
  onPasswordChange: (value: string) => void;
  onConfirmationChange: (value: string) => void;
}

export function NewPasswordFields(props: NewPasswordFieldsProps) {
  return (
    <>
      <PasswordField
        label={props.passwordLabel}
        name="password"
        autoComplete="new-password"
        value={props.password}
        onChange={(event) => props.onPasswordChange(event.target.value)}
        hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
      />
      <PasswordField
        label="Confirm password"
        name="confirm_password"
        autoComplete="new-password"
        value={props.confirmation}
        onChange={(event) => props.onConfirmationChange(event.target.value)}
      />
    </>
  );
}
