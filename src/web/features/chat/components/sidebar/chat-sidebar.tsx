import { useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog';
import { BrandLogo } from '../../../branding/components/brand-logo';
import type { ExportFormat } from '../../api/conversation-api';
import type { ChatSession } from '../../state/chat-types';
import { SearchResults } from './search-results';
import { SessionList } from './session-list';
import { SidebarSearch } from './sidebar-search';
import { SidebarFooter } from './sidebar-footer';

interface ChatSidebarProps {
  sessions: ChatSession[];
  currentSessionId: string | null;
  isMobile: boolean;
  onClose: () => void;
  onNewChat: () => void;
  onShowShortcuts: () => void;
  /** Kept by the screen, so the results are still there when a phone's sidebar opens again. */
  searchText: string;
  onSearchTextChange: (text: string) => void;
  onSelect: (sessionId: string) => void;
  onRename: (sessionId: string, title: string) => void;
  onDelete: (sessionId: string) => void;
  onExport: (sessionId: string, format: ExportFormat) => void;
  /** A search result was chosen: open its conversation at the message (null: a title hit). */
  onOpenResult: (sessionId: string, messageId: string | null) => void;
  onClearAll: () => void;
  /** Conversation history was deleted from App Settings. */
  onHistoryCleared: () => void;
}

/** Spec section 2: 20% wide (256-320 px), or the whole screen under 768 px. */
export function ChatSidebar(props: ChatSidebarProps) {
  const { sessions, currentSessionId, isMobile, onClose, onNewChat, onSelect, onClearAll } = props;
  const [confirmingClear, setConfirmingClear] = useState(false);
  // Asked first; the toast after it offers Undo for a short while.
  const [deleting, setDeleting] = useState<ChatSession | null>(null);
  const width = isMobile ? 'fixed inset-0 z-30 w-full' : 'w-1/5 min-w-64 max-w-80';

  return (
    <aside
      aria-label="Chat sessions"
      className={`flex flex-col border-r border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-950 ${width}`}
    >
      <div className="px-3 pt-3 pb-1">
        <BrandLogo to="/chat" />
      </div>
      <div className="flex items-center gap-2 p-2">
        <Button className="flex-1" onClick={onNewChat}>
          New Chat
        </Button>
        <Button
          variant="ghost"
          size="sm"
          aria-label="Keyboard shortcuts"
          title="Keyboard shortcuts (Ctrl+/)"
          onClick={props.onShowShortcuts}
        >
          ?
        </Button>
        <Button variant="ghost" aria-label="Close sidebar" onClick={onClose}>
          «
        </Button>
      </div>
      <SidebarSearch value={props.searchText} onChange={props.onSearchTextChange} />
      {props.searchText.trim() ? (
        <SearchResults
          text={props.searchText}
          onOpen={(result) => props.onOpenResult(result.session_id, result.message_id)}
        />
      ) : (
        <SessionList
          sessions={sessions}
          currentSessionId={currentSessionId}
          onSelect={onSelect}
          onRename={props.onRename}
          onDelete={setDeleting}
          onExport={props.onExport}
        />
      )}
      <div className="border-t border-slate-200 p-2 text-sm dark:border-slate-800">
        {confirmingClear ? (
          <div className="flex gap-2">
            <Button
              variant="danger"
              className="flex-1"
              onClick={() => {
                setConfirmingClear(false);
                onClearAll();
              }}
            >
              Yes, clear all
            </Button>
            <Button variant="ghost" onClick={() => setConfirmingClear(false)}>
              Cancel
            </Button>
          </div>
        ) : (
          <Button
            variant="ghost"
            className="w-full"
            disabled={sessions.length === 0}
            onClick={() => setConfirmingClear(true)}
          >
            Clear all conversations
          </Button>
        )}
      </div>
      <SidebarFooter onHistoryCleared={props.onHistoryCleared} />
      {deleting ? (
        <ConfirmDialog
          title="Delete this conversation?"
          description={`“${deleting.title || 'New Chat'}” and its messages will be deleted.`}
          confirmLabel="Delete"
          onCancel={() => setDeleting(null)}
          onConfirm={() => {
            setDeleting(null);
            props.onDelete(deleting.id);
          }}
        />
      ) : null}
    </aside>
  );
}
