import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultToastDurationMs, maximumVisibleToasts, useToast, type ToastApi } from './toast-context';
import { ToastProvider } from './toast-provider';

let toastApi: ToastApi;
function CaptureToastApi() {
  toastApi = useToast();
  return null;
}

function renderToasts() {
  render(
    <ToastProvider>
      <CaptureToastApi />
    </ToastProvider>,
  );
}

const visibleMessages = () => screen.queryAllByText(/^Message \d+$/).map((element) => element.textContent);

describe('ToastProvider', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows at most 20 toasts, dropping the oldest', () => {
    renderToasts();
    act(() => {
      for (let index = 1; index <= 25; index += 1) toastApi.info(`Message ${index}`);
    });
    expect(maximumVisibleToasts).toBe(20);
    const messages = visibleMessages();
    expect(messages).toHaveLength(20);
    expect(messages[0]).toBe('Message 6');
    expect(messages.at(-1)).toBe('Message 25');
  });

  it('dismisses a toast after 5000 ms by default, not before', () => {
    renderToasts();
    act(() => void toastApi.success('Message 1'));
    act(() => vi.advanceTimersByTime(defaultToastDurationMs - 1));
    expect(screen.getByText('Message 1')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Message 1')).not.toBeInTheDocument();
    expect(defaultToastDurationMs).toBe(5000);
  });

  it('announces errors as alerts, others as status, and can be dismissed by hand', () => {
    renderToasts();
    act(() => {
      toastApi.error('Message 1');
      toastApi.warning('Message 2');
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Message 1');
    expect(screen.getByRole('status')).toHaveAttribute('data-toast-type', 'warning');
    fireEvent.click(screen.getAllByRole('button', { name: 'Dismiss notification' })[0] as HTMLElement);
    expect(visibleMessages()).toEqual(['Message 2']);
  });

  it('replaces a toast that reuses an id instead of stacking it', () => {
    renderToasts();
    act(() => {
      toastApi.error('Message 1', { id: 'same' });
      toastApi.error('Message 2', { id: 'same' });
    });
    expect(visibleMessages()).toEqual(['Message 2']);
  });

  it('offers an action that runs once and closes its toast', () => {
    renderToasts();
    const undo = vi.fn();
    act(() => void toastApi.success('Message 1', { action: { label: 'Undo', onClick: undo } }));
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(undo).toHaveBeenCalledTimes(1);
    expect(visibleMessages()).toEqual([]);
  });
});
