import { estimatePromptTokens } from '@contracts';
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Button } from '../../../../components/ui/button';
import { MarkdownContent } from '../markdown/markdown-content';
import { SuggestionChips } from './suggestion-chips';
import { insertAt, insertCodeBlock, isInsideCodeFence } from './text-editing';

/** Spec section 9: the text box starts at 45 px and grows to 150 px. */
const textBoxMinimumHeight = 45;
const textBoxMaximumHeight = 150;
const toolStyle =
  'rounded px-1 hover:bg-slate-100 hover:text-slate-800 dark:hover:bg-slate-800 dark:hover:text-slate-100';

interface MessageInputProps {
  onSend: (text: string) => boolean;
  isStreaming: boolean;
  onStop: () => void;
  showSuggestions: boolean;
  /** Text to put in the box (a message that was not sent, taken back to edit); a new id puts it again. */
  draft?: { text: string; id: number } | null;
}

export function MessageInput({ onSend, isStreaming, onStop, showSuggestions, draft }: MessageInputProps) {
  const [text, setText] = useState('');
  const [previewing, setPreviewing] = useState(false);
  const textBox = useRef<HTMLTextAreaElement>(null);
  const pendingCaret = useRef<number | null>(null);

  useEffect(() => {
    if (!draft) return;
    pendingCaret.current = draft.text.length;
    setText(draft.text);
    setPreviewing(false);
    textBox.current?.focus();
  }, [draft]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: text and previewing are triggers: the box is measured again after each edit and on leaving the preview
  useLayoutEffect(() => {
    const element = textBox.current;
    if (!element) return;
    element.style.height = `${textBoxMinimumHeight}px`;
    element.style.height = `${Math.min(Math.max(element.scrollHeight, textBoxMinimumHeight), textBoxMaximumHeight)}px`;
    if (pendingCaret.current !== null) element.setSelectionRange(pendingCaret.current, pendingCaret.current);
    pendingCaret.current = null;
  }, [text, previewing]);

  function submit() {
    if (!text.trim() || isStreaming) return;
    if (onSend(text)) setText('');
  }

  function edit(change: (text: string, start: number, end: number) => { value: string; caret: number }) {
    const element = textBox.current;
    const next = change(text, element?.selectionStart ?? text.length, element?.selectionEnd ?? text.length);
    pendingCaret.current = next.caret;
    setText(next.value);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'e') {
      event.preventDefault();
      edit(insertCodeBlock);
      return;
    }
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    if (event.shiftKey) return;
    event.preventDefault();
    if (isInsideCodeFence(text, event.currentTarget.selectionStart))
      edit((value, start, end) => insertAt(value, start, end, '\n  '));
    else submit();
  }

  return (
    <div className="space-y-2 border-t border-slate-200 p-3 dark:border-slate-800">
      {showSuggestions ? <SuggestionChips onPick={setText} /> : null}
      <div className="flex items-end gap-2">
        {previewing ? (
          // biome-ignore lint/a11y/useAriaPropsSupportedByRole: the label names this element for tests (getByLabelText) and keeps the markup unchanged; giving it a role is an accessibility change for its own issue
          <div
            aria-label="Markdown preview"
            className="max-h-[150px] min-h-[45px] flex-1 overflow-y-auto rounded-lg border border-slate-300 px-3 py-2 text-sm dark:border-slate-700 dark:text-slate-100"
          >
            <MarkdownContent text={text || '*Nothing to preview*'} />
          </div>
        ) : (
          <textarea
            ref={textBox}
            aria-label="Message"
            placeholder="Type your message..."
            value={text}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={handleKeyDown}
            rows={1}
            style={{ minHeight: textBoxMinimumHeight, maxHeight: 200 }}
            className="flex-1 resize-none rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
          />
        )}
        {isStreaming ? (
          <Button variant="secondary" onClick={onStop}>
            Stop generating
          </Button>
        ) : (
          <Button onClick={submit} disabled={!text.trim()}>
            Send
          </Button>
        )}
      </div>
      <div className="flex justify-between text-xs text-slate-500 dark:text-slate-400">
        <span className="flex gap-3">
          <button
            type="button"
            className={toolStyle}
            aria-label="Insert code block"
            title="Insert code block (Ctrl+E)"
            onClick={() => edit(insertCodeBlock)}
          >
            {'</>'}
          </button>
          <button
            type="button"
            className={toolStyle}
            aria-pressed={previewing}
            onClick={() => setPreviewing((value) => !value)}
          >
            {previewing ? 'Write' : 'Preview'}
          </button>
          <a
            href="https://www.markdownguide.org/basic-syntax/"
            target="_blank"
            rel="noreferrer noopener"
            className="underline"
          >
            Markdown help
          </a>
        </span>
        {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: the label names this element for tests (getByLabelText) and keeps the markup unchanged; giving it a role is an accessibility change for its own issue */}
        <span aria-label="Estimated tokens">~{estimatePromptTokens(text)} tokens</span>
      </div>
    </div>
  );
}
