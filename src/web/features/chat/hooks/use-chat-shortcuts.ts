import { useEffect, useRef } from 'react';
import { matchChatShortcut, type ChatShortcutId } from '../lib/chat-shortcuts';

export type ChatShortcutActions = Record<ChatShortcutId, () => void> & {
  /** Escape that nothing else took (no menu, dialog or edit was open to close). */
  escape: () => void;
};

function isTextField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    target.tagName === 'TEXTAREA' ||
    target.tagName === 'SELECT' ||
    (target.tagName === 'INPUT' && (target as HTMLInputElement).type !== 'checkbox')
  );
}

/** The chat screen's keyboard shortcuts, on the whole page, while no modal dialog is open. */
export function useChatShortcuts(actions: ChatShortcutActions) {
  const latest = useRef(actions);
  latest.current = actions;
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      // A dialog takes its own keys (Escape closes it, Tab stays inside).
      if (document.querySelector('[aria-modal="true"]')) return;
      const found = matchChatShortcut({ ...pick(event), inTextField: isTextField(event.target) });
      if (found) {
        event.preventDefault();
        latest.current[found]();
        return;
      }
      if (event.key === 'Escape' && !event.defaultPrevented && !event.shiftKey) latest.current.escape();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}

function pick(event: KeyboardEvent) {
  return {
    key: event.key,
    code: event.code,
    ctrlKey: event.ctrlKey,
    metaKey: event.metaKey,
    shiftKey: event.shiftKey,
    altKey: event.altKey,
  };
}
