import { useCallback, useEffect, useRef, useState } from 'react';

/** Copies text and reports `copied` for `confirmationMs` (1.2 s for code, 1.5 s for messages). */
export function useCopyToClipboard(confirmationMs: number) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const copy = useCallback(
    async (text: string) => {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), confirmationMs);
    },
    [confirmationMs],
  );
  return { copied, copy };
}
