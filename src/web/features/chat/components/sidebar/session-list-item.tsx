import { useRef, useState } from 'react';
import type { ExportFormat } from '../../api/conversation-api';
import type { ChatSession } from '../../state/chat-types';

interface SessionListItemProps {
  session: ChatSession;
  isCurrent: boolean;
  onSelect: () => void;
  onRename: (title: string) => void;
  onDelete: () => void;
  onExport: (format: ExportFormat) => void;
}

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

function formatDate(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : dateFormat.format(date);
}

const actionStyle =
  'rounded px-1.5 py-0.5 text-xs text-slate-600 dark:text-slate-400 hover:bg-slate-200 hover:text-slate-800 dark:hover:bg-slate-700 dark:hover:text-slate-100';

export function SessionListItem({ session, isCurrent, onSelect, onRename, onDelete, onExport }: SessionListItemProps) {
  const [draft, setDraft] = useState<string | null>(null);
  // Escape ends editing and the input then loses focus; that blur must not save.
  const cancelled = useRef(false);
  const title = session.title || 'New Chat';

  function save() {
    if (cancelled.current || draft === null) return;
    const next = draft.trim();
    setDraft(null);
    if (next && next !== session.title) onRename(next);
  }

  if (draft !== null) {
    return (
      <li className="px-2 py-1">
        <input
          aria-label="Chat name"
          // biome-ignore lint/a11y/noAutofocus: the box opens when the user asks to rename; the caret goes where they are about to type
          autoFocus
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onBlur={save}
          onKeyDown={(event) => {
            if (event.key === 'Enter') save();
            if (event.key === 'Escape') {
              cancelled.current = true;
              setDraft(null);
            }
          }}
          className="w-full rounded border border-brand-ink bg-white px-2 py-1 text-sm dark:bg-slate-900 dark:text-slate-100"
        />
      </li>
    );
  }

  return (
    <li
      className={`group rounded-md px-2 py-1.5 ${isCurrent ? 'bg-brand-soft' : 'hover:bg-slate-100 dark:hover:bg-slate-800/60'}`}
    >
      <button type="button" onClick={onSelect} aria-current={isCurrent || undefined} className="block w-full text-left">
        <span className="block truncate text-sm font-medium text-slate-800 dark:text-slate-100">{title}</span>
        <span className="block text-xs text-slate-600 dark:text-slate-400">{formatDate(session.createdAt)}</span>
      </button>
      <div className="mt-1 flex gap-1">
        <button
          type="button"
          className={actionStyle}
          aria-label={`Rename ${title}`}
          onClick={() => {
            cancelled.current = false;
            setDraft(session.title);
          }}
        >
          Rename
        </button>
        <button
          type="button"
          className={actionStyle}
          aria-label={`Export ${title}`}
          title="Export as Markdown"
          onClick={() => onExport('markdown')}
        >
          Export
        </button>
        <button
          type="button"
          className={actionStyle}
          aria-label={`Export as JSON: ${title}`}
          title="Export as JSON"
          onClick={() => onExport('json')}
        >
          JSON
        </button>
        <button type="button" className={actionStyle} aria-label={`Delete ${title}`} onClick={onDelete}>
          Delete
        </button>
      </div>
    </li>
  );
}
