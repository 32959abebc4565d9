import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { installMatchMedia } from '../../test/match-media';
import { themeStorageKey, useTheme } from './theme-context';
import { ThemeProvider } from './theme-provider';
import { ThemeToggle } from './theme-toggle';

function ThemeReadout() {
  const { preference, resolvedTheme } = useTheme();
  return <p data-testid="theme">{`${preference}:${resolvedTheme}`}</p>;
}

function renderTheme() {
  return render(
    <ThemeProvider>
      <ThemeReadout />
      <ThemeToggle />
    </ThemeProvider>,
  );
}

describe('ThemeProvider', () => {
  it('follows the system when nothing is stored, including later changes', () => {
    const media = installMatchMedia(false);
    renderTheme();
    expect(screen.getByTestId('theme')).toHaveTextContent('system:light');
    expect(document.documentElement).not.toHaveClass('dark');
    act(() => media.setPrefersDark(true));
    expect(screen.getByTestId('theme')).toHaveTextContent('system:dark');
    expect(document.documentElement).toHaveClass('dark');
  });

  it('remembers a toggled theme in localStorage and uses it on the next start', async () => {
    installMatchMedia(false);
    const first = renderTheme();
    await userEvent.click(screen.getByRole('button', { name: 'Switch to dark mode' }));
    expect(localStorage.getItem(themeStorageKey)).toBe('dark');
    expect(document.documentElement).toHaveClass('dark');
    first.unmount();
    document.documentElement.className = '';

    renderTheme();
    expect(screen.getByTestId('theme')).toHaveTextContent('dark:dark');
    expect(document.documentElement).toHaveClass('dark');
  });

  it('keeps an explicit choice when the system changes', () => {
    localStorage.setItem(themeStorageKey, 'light');
    const media = installMatchMedia(true);
    renderTheme();
    expect(screen.getByTestId('theme')).toHaveTextContent('light:light');
    act(() => media.setPrefersDark(false));
    act(() => media.setPrefersDark(true));
    expect(screen.getByTestId('theme')).toHaveTextContent('light:light');
    expect(document.documentElement).not.toHaveClass('dark');
  });
});
