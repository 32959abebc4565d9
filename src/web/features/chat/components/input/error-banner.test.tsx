import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ErrorBanner, errorBannerMs, type BannerContent } from './error-banner';

describe('ErrorBanner', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const offer: BannerContent = {
    message: 'Limit reached',
    detail: 'Resets on 2026-12-01.',
    action: { label: 'Switch and resend', run: vi.fn() },
  };

  it('goes after 5 s (spec section 4)', () => {
    const onDismiss = vi.fn();
    render(<ErrorBanner banner={{ message: 'Nope' }} onDismiss={onDismiss} />);
    act(() => vi.advanceTimersByTime(errorBannerMs - 1));
    expect(onDismiss).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onDismiss).toHaveBeenCalledOnce();
  });

  it('stays while the pointer is on it, so its button can be reached, and counts 5 s again once it leaves', () => {
    const onDismiss = vi.fn();
    render(<ErrorBanner banner={offer} onDismiss={onDismiss} />);
    const banner = screen.getByTestId('error-banner');
    act(() => vi.advanceTimersByTime(4_000));
    fireEvent.mouseEnter(banner);
    act(() => vi.advanceTimersByTime(20_000));
    expect(onDismiss).not.toHaveBeenCalled();
    fireEvent.mouseLeave(banner);
    act(() => vi.advanceTimersByTime(errorBannerMs));
    expect(onDismiss).toHaveBeenCalledOnce();
  });

  it('runs its action once and goes', () => {
    const onDismiss = vi.fn();
    render(<ErrorBanner banner={offer} onDismiss={onDismiss} />);
    expect(screen.getByTestId('error-banner')).toHaveTextContent('Limit reachedResets on 2026-12-01.Switch and resend');
    fireEvent.click(screen.getByRole('button', { name: 'Switch and resend' }));
    expect(offer.action!.run).toHaveBeenCalledOnce();
    expect(onDismiss).toHaveBeenCalledOnce();
  });
});
