export type ChatShortcutId = 'help' | 'new-chat' | 'focus-input' | 'stop' | 'copy-last-reply' | 'toggle-sidebar';

export interface ChatShortcut {
  id: ChatShortcutId;
  description: string;
  /** How the help dialog writes the keys; Ctrl reads Cmd on a Mac. */
  keys: string[][];
}

/**
 * The chat screen's shortcuts. Ctrl+Shift with a letter, as ChatGPT has them where it has them,
 * leaves Ctrl+E (code block) and the text box's own keys alone.
 */
export const chatShortcuts: ChatShortcut[] = [
  { id: 'help', description: 'Show keyboard shortcuts', keys: [['Ctrl', '/'], ['?']] },
  { id: 'new-chat', description: 'New chat', keys: [['Ctrl', 'Shift', 'O']] },
  { id: 'focus-input', description: 'Focus the message box', keys: [['Shift', 'Esc']] },
  { id: 'stop', description: 'Stop generating', keys: [['Ctrl', 'Shift', 'X']] },
  { id: 'copy-last-reply', description: 'Copy the last reply', keys: [['Ctrl', 'Shift', 'C']] },
  { id: 'toggle-sidebar', description: 'Show or hide the sidebar', keys: [['Ctrl', 'Shift', 'S']] },
];

interface KeyPress {
  key: string;
  code?: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  /** Whether the focus is in a field that takes text ('?' is then typed, not a shortcut). */
  inTextField: boolean;
}

const lettered: Partial<Record<string, ChatShortcutId>> = {
  KeyO: 'new-chat',
  KeyX: 'stop',
  KeyC: 'copy-last-reply',
  KeyS: 'toggle-sidebar',
};

/** Which shortcut a key press is, if any. Letters are read by position, so other layouts work too. */
export function matchChatShortcut(press: KeyPress): ChatShortcutId | null {
  const command = press.ctrlKey || press.metaKey;
  if (press.altKey) return null;
  if (command && !press.shiftKey && (press.key === '/' || press.code === 'Slash')) return 'help';
  if (!command && press.key === '?' && !press.inTextField) return 'help';
  if (!command && press.shiftKey && press.key === 'Escape') return 'focus-input';
  if (command && press.shiftKey && press.code) return lettered[press.code] ?? null;
  return null;
}
