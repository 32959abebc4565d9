import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MessageVersionSwitcher } from './message-version-switcher';

describe('MessageVersionSwitcher', () => {
  it('names the version shown and moves to the one before or after it', async () => {
    const show = vi.fn();
    render(<MessageVersionSwitcher choice={{ shown: 2, count: 3, show }} />);
    expect(screen.getByRole('group', { name: 'Message versions' })).toHaveTextContent('2 / 3');
    expect(screen.getByText('Version 2 of 3')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Previous version' }));
    await userEvent.click(screen.getByRole('button', { name: 'Next version' }));
    expect(show.mock.calls).toEqual([[1], [3]]);
  });

  it('cannot move before the first version or past the last', () => {
    const { rerender } = render(<MessageVersionSwitcher choice={{ shown: 1, count: 2, show: vi.fn() }} />);
    expect(screen.getByRole('button', { name: 'Previous version' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next version' })).toBeEnabled();
    rerender(<MessageVersionSwitcher choice={{ shown: 2, count: 2, show: vi.fn() }} />);
    expect(screen.getByRole('button', { name: 'Previous version' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Next version' })).toBeDisabled();
  });

  it('is held still while a reply is being written', () => {
    render(<MessageVersionSwitcher choice={{ shown: 2, count: 3, show: vi.fn(), disabled: true }} />);
    expect(screen.getByRole('button', { name: 'Previous version' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next version' })).toBeDisabled();
  });
});
