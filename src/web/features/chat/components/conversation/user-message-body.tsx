import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { ChatMessage } from '../../state/chat-types';
import { isLocalSessionId } from '../../state/chat-types';
import { useMessageActions } from './message-actions-context';
import { MessageVersionSwitcher } from './message-version-switcher';

/** Spec section 4 "Edit message": view, then edit with a draft, then Save or Cancel. */
export function UserMessageBody({ message }: { message: ChatMessage }) {
  const actions = useMessageActions();
  const [draft, setDraft] = useState<string | null>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);
  const editing = draft !== null;

  useEffect(() => {
    if (editing || !returnFocus.current) return;
    returnFocus.current = false;
    editButton.current?.focus();
  }, [editing]);

  function cancel() {
    returnFocus.current = true;
    setDraft(null);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    event.stopPropagation();
    cancel();
  }
  const canEdit =
    actions &&
    !message.isEarlierVersion &&
    !message.isPending &&
    !message.id.startsWith('pending-') &&
    !isLocalSessionId(message.sessionId);

  // The edit mode closes while the edited message is asked again; a refused edit reopens it with the draft.
  async function save() {
    if (!actions || draft === null || !draft.trim()) return;
    const content = draft.trim();
    setDraft(null);
    if (!(await actions.edit(message, content))) setDraft(content);
  }

  if (draft !== null) {
    return (
      <div className="space-y-2">
        <textarea
          aria-label="Edit message"
          // biome-ignore lint/a11y/noAutofocus: the box opens when the user asks to edit; the caret goes where they are about to type
          autoFocus
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={handleKeyDown}
          className="w-72 max-w-full rounded bg-white p-2 text-sm text-slate-900"
          rows={3}
        />
        <div className="flex justify-end gap-2 text-sm">
          <button type="button" className="rounded px-2 py-0.5 hover:bg-white/15" onClick={cancel}>
            Cancel
          </button>
          <button
            type="button"
            className="rounded bg-white px-2 py-0.5 font-semibold text-slate-900"
            disabled={!draft.trim()}
            onClick={() => void save()}
          >
            Save
          </button>
        </div>
      </div>
    );
  }
  return (
    <>
      {message.isEarlierVersion ? <p className="text-xs font-medium opacity-80">As asked then</p> : null}
      <p className="whitespace-pre-wrap wrap-anywhere">{message.content}</p>
      {actions && message.branch && !message.isEarlierVersion ? (
        <MessageVersionSwitcher
          choice={{
            ...message.branch,
            show: (version) => actions.showVersion(message, version),
            disabled: actions.isStreaming,
          }}
        />
      ) : null}
      {canEdit ? (
        <button
          ref={editButton}
          type="button"
          className="mt-1 rounded text-xs font-medium underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-white"
          onClick={() => setDraft(message.content)}
        >
          Edit
        </button>
      ) : null}
    </>
  );
}
