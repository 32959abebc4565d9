import { useId } from 'react';
import type { SignInSetup } from '../lib/create-user-form';

const choices: { value: SignInSetup; label: string; hint: string }[] = [
  {
    value: 'invitation',
    label: 'Send an invitation',
    hint: 'They get an e-mail with a link to choose their own password.',
  },
  {
    value: 'password',
    label: 'Set a password',
    hint: 'They can sign in at once; tell them the password yourself. No e-mail is sent.',
  },
];

/** Create New User: how the new person gets in. */
export function SignInSetupChoice({ value, onChange }: { value: SignInSetup; onChange: (setup: SignInSetup) => void }) {
  const hintId = useId();
  return (
    <fieldset>
      <legend className="mb-1 block text-sm font-medium text-slate-700 dark:text-slate-200">How they sign in</legend>
      <div className="space-y-2">
        {choices.map((choice) => (
          <label
            key={choice.value}
            className="flex cursor-pointer items-start gap-2 rounded-md border border-slate-200 p-2 text-sm has-[:checked]:border-indigo-500 dark:border-slate-700"
          >
            <input
              type="radio"
              name={`${hintId}-setup`}
              value={choice.value}
              checked={value === choice.value}
              onChange={() => onChange(choice.value)}
              className="mt-0.5"
              aria-describedby={`${hintId}-${choice.value}`}
            />
            <span>
              <span className="font-medium text-slate-900 dark:text-white">{choice.label}</span>
              <span id={`${hintId}-${choice.value}`} className="block text-xs text-slate-600 dark:text-slate-400">
                {choice.hint}
              </span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
