import { useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useToast } from './toast-context';

/**
 * Clears the toasts of the page left behind when the path changes (a failed sign-in's error must
 * not follow the person into the chat). A layout effect, so it runs before the new page's own
 * effects, whose toasts stay.
 */
export function ToastNavigationReset() {
  const { pathname } = useLocation();
  const { dismissForNavigation } = useToast();
  const previous = useRef(pathname);
  useLayoutEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    dismissForNavigation();
  }, [pathname, dismissForNavigation]);
  return null;
}
