import { useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { BrandLogo } from '../../../branding/components/brand-logo';
import type { ChatSession } from '../../state/chat-types';
import { SessionListItem } from './session-list-item';
import { SidebarFooter } from './sidebar-footer';

interface ChatSidebarProps {
  sessions: ChatSession[];
  currentSessionId: string | null;
  isMobile: boolean;
  onClose: () => void;
  onNewChat: () => void;
  onSelect: (sessionId: string) => void;
  onRename: (sessionId: string, title: string) => void;
  onDelete: (sessionId: string) => void;
  onExport: (sessionId: string) => void;
  onClearAll: () => void;
  /** Conversation history was deleted from App Settings. */
  onHistoryCleared: () => void;
}

/** Spec section 2: 20% wide (256-320 px), or the whole screen under 768 px. */
export function ChatSidebar(props: ChatSidebarProps) {
  const { sessions, currentSessionId, isMobile, onClose, onNewChat, onSelect, onClearAll } = props;
  const [confirmingClear, setConfirmingClear] = useState(false);
  const width = isMobile ? 'fixed inset-0 z-30 w-full' : 'w-1/5 min-w-64 max-w-80';

  return (
    <aside aria-label="Chat sessions" className={`flex flex-col border-r border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-950 ${width}`}>
      <div className="px-3 pt-3 pb-1">
        <BrandLogo to="/chat" />
      </div>
      <div className="flex items-center gap-2 p-2">
        <Button className="flex-1" onClick={onNewChat}>
          New Chat
        </Button>
        <Button variant="ghost" aria-label="Close sidebar" onClick={onClose}>
          «
        </Button>
      </div>
      <ul className="flex-1 space-y-0.5 overflow-y-auto px-2">
        {sessions.map((session) => (
          <SessionListItem
            key={session.id}
            session={session}
            isCurrent={session.id === currentSessionId}
            onSelect={() => onSelect(session.id)}
            onRename={(title) => props.onRename(session.id, title)}
            onDelete={() => props.onDelete(session.id)}
            onExport={() => props.onExport(session.id)}
          />
        ))}
      </ul>
      <div className="border-t border-slate-200 p-2 text-sm dark:border-slate-800">
        {confirmingClear ? (
          <div className="flex gap-2">
            <Button variant="danger" className="flex-1" onClick={() => { setConfirmingClear(false); onClearAll(); }}>
              Yes, clear all
            </Button>
            <Button variant="ghost" onClick={() => setConfirmingClear(false)}>
              Cancel
            </Button>
          </div>
        ) : (
          <Button variant="ghost" className="w-full" disabled={sessions.length === 0} onClick={() => setConfirmingClear(true)}>
            Clear all conversations
          </Button>
        )}
      </div>
      <SidebarFooter onHistoryCleared={props.onHistoryCleared} />
    </aside>
  );
}
