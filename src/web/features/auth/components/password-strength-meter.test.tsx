import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PasswordStrengthMeter } from './password-strength-meter';

describe('PasswordStrengthMeter', () => {
  it.each([
    { password: 'abc', width: '25%', label: 'Weak', score: '0' },
    { password: 'abcdefgh', width: '50%', label: 'Fair', score: '1' },
    { password: 'abcdefg1', width: '75%', label: 'Good', score: '2' },
    { password: 'Abcdefg1', width: '100%', label: 'Strong', score: '3' },
    { password: 'Abcdef1!', width: '100%', label: 'Strong', score: '4' },
  ])('$password fills $width and reads $label', ({ password, width, label, score }) => {
    render(<PasswordStrengthMeter password={password} />);
    const meter = screen.getByRole('meter', { name: 'Password strength' });
    expect(meter).toHaveAttribute('aria-valuenow', score);
    expect(meter).toHaveAttribute('aria-valuetext', label);
    expect(screen.getByTestId('password-strength-bar')).toHaveStyle({ width });
    expect(screen.getByTestId('password-strength-label')).toHaveTextContent(label);
  });

  it('shows nothing before anything is typed', () => {
    const { container } = render(<PasswordStrengthMeter password="" />);
    expect(container).toBeEmptyDOMElement();
  });
});
