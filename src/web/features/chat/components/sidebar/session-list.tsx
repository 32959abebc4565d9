import { useMemo } from 'react';
import { groupSessionsByDate } from '../../lib/group-sessions-by-date';
import type { ExportFormat } from '../../api/conversation-api';
import type { ChatSession } from '../../state/chat-types';
import { SessionListItem } from './session-list-item';

interface SessionListProps {
  sessions: ChatSession[];
  currentSessionId: string | null;
  onSelect: (sessionId: string) => void;
  onRename: (sessionId: string, title: string) => void;
  onDelete: (session: ChatSession) => void;
  onExport: (sessionId: string, format: ExportFormat) => void;
}

/** The sessions under date headings (Today, Yesterday, ...), or a note when there are none. */
export function SessionList({ sessions, currentSessionId, onSelect, onRename, onDelete, onExport }: SessionListProps) {
  // Grouped against the time of this render; a list left open past midnight regroups on its next change.
  const groups = useMemo(() => groupSessionsByDate(sessions, new Date()), [sessions]);
  if (groups.length === 0) {
    return (
      <div className="flex-1 px-4 py-6 text-center text-sm text-slate-500 dark:text-slate-400">
        <p className="font-medium text-slate-700 dark:text-slate-200">No conversations yet</p>
        <p className="mt-1">Your chats will appear here, grouped by date.</p>
      </div>
    );
  }
  return (
    <nav aria-label="Conversations" className="flex-1 overflow-y-auto px-2">
      {groups.map((group) => (
        <section key={group.label} aria-labelledby={`session-group-${group.label}`} className="mb-2">
          <h3
            id={`session-group-${group.label}`}
            className="px-2 pt-2 pb-1 text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400"
          >
            {group.label}
          </h3>
          <ul className="space-y-0.5">
            {group.sessions.map((session) => (
              <SessionListItem
                key={session.id}
                session={session}
                isCurrent={session.id === currentSessionId}
                onSelect={() => onSelect(session.id)}
                onRename={(title) => onRename(session.id, title)}
                onDelete={() => onDelete(session)}
                onExport={(format) => onExport(session.id, format)}
              />
            ))}
          </ul>
        </section>
      ))}
    </nav>
  );
}
