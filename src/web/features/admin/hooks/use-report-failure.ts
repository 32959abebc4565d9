import { useEffect } from 'react';

/** Shows a query's failure in the page's red banner once per failure (spec section 8). */
export function useReportFailure(error: Error | null | undefined, show: (error: unknown) => void) {
  useEffect(() => {
    if (error) show(error);
  }, [error, show]);
}
