import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-error';
import { useErrorBanner } from '../hooks/use-error-banner';
import { ErrorBanner } from './error-banner';

let showFailure: (error: unknown) => void = () => undefined;

function Harness() {
  const banner = useErrorBanner();
  showFailure = banner.show;
  return <ErrorBanner banner={banner} />;
}

describe('the admin red banner (spec section 8)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("shows the failure's message for 5 s, again in full when it comes again", () => {
    render(<Harness />);
    act(() => showFailure(new ApiError(409, 'This role is held by 2 users.', undefined)));
    expect(screen.getByRole('alert')).toHaveTextContent('This role is held by 2 users.');
    expect(screen.getByRole('alert')).toHaveClass('bg-red-600');
    act(() => vi.advanceTimersByTime(4000));
    act(() => showFailure(new ApiError(409, 'This role is held by 2 users.', undefined)));
    act(() => vi.advanceTimersByTime(4999));
    expect(screen.getByRole('alert')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("shows an error's own message, a text as it is, the generic text otherwise, and can be dismissed", () => {
    render(<Harness />);
    act(() => showFailure(undefined));
    expect(screen.getByRole('alert')).toHaveTextContent('Oops, something went wrong');
    act(() => showFailure(new Error('The request timed out. Please try again.')));
    expect(screen.getByRole('alert')).toHaveTextContent('The request timed out. Please try again.');
    act(() => showFailure('plain words'));
    expect(screen.getByRole('alert')).toHaveTextContent('plain words');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
