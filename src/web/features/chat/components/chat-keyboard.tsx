import { useState } from 'react';
import { useToast } from '../../../components/toast/toast-context';
import { useChatShortcuts } from '../hooks/use-chat-shortcuts';
import type { ChatSession } from '../state/chat-types';
import { ShortcutsDialog } from './shortcuts-dialog';

interface ChatKeyboardProps {
  session: ChatSession | null;
  isStreaming: boolean;
  onNewChat: () => void;
  onFocusInput: () => void;
  onStop: () => void;
  onToggleSidebar: () => void;
  /** Escape that closed nothing else. */
  onEscape: () => void;
  /** Set from outside (the sidebar's help button). */
  helpOpen: boolean;
  onHelpOpenChange: (open: boolean) => void;
}

/** The chat screen's keyboard shortcuts and their help dialog. */
export function ChatKeyboard(props: ChatKeyboardProps) {
  const toast = useToast();
  const [copying, setCopying] = useState(false);

  async function copyLastReply() {
    const reply = props.session?.messages.findLast(
      (message) => message.role === 'assistant' && !message.isPending && message.content.trim(),
    );
    if (!reply) {
      toast.info('There is no reply to copy yet');
      return;
    }
    if (copying) return;
    setCopying(true);
    try {
      await navigator.clipboard.writeText(reply.content);
      toast.success('Last reply copied');
    } catch {
      toast.error('Could not copy the reply');
    } finally {
      setCopying(false);
    }
  }

  useChatShortcuts({
    help: () => props.onHelpOpenChange(true),
    'new-chat': props.onNewChat,
    'focus-input': props.onFocusInput,
    stop: () => {
      if (props.isStreaming) props.onStop();
    },
    'copy-last-reply': () => void copyLastReply(),
    'toggle-sidebar': props.onToggleSidebar,
    escape: props.onEscape,
  });

  return props.helpOpen ? <ShortcutsDialog onClose={() => props.onHelpOpenChange(false)} /> : null;
}
