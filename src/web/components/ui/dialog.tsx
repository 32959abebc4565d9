import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

const focusableSelector =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Open dialogs, the newest last: Escape pressed outside every panel closes the newest only. */
const openDialogs: symbol[] = [];

interface DialogProps {
  title: string;
  description?: ReactNode;
  onClose: () => void;
  children: ReactNode;
  /** alertdialog for confirmations that need an answer. */
  role?: 'dialog' | 'alertdialog';
  /** Classes of the panel (size). */
  panelClassName?: string;
  /** The id of a heading inside children that names the dialog; the title is then not rendered. */
  labelledBy?: string;
}

/**
 * A modal dialog: rendered over the page, labelled by its title, focus kept inside (Tab wraps),
 * Escape or a click on the backdrop closes it, and focus goes back where it was on close.
 */
export function Dialog({
  title,
  description,
  onClose,
  children,
  role = 'dialog',
  panelClassName = 'max-w-md',
  labelledBy,
}: DialogProps) {
  const titleId = useId();
  const descriptionId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const panel = panelRef.current;
    const first =
      panel?.querySelector<HTMLElement>('[data-autofocus]') ?? panel?.querySelector<HTMLElement>(focusableSelector);
    (first ?? panel)?.focus();
    // The page behind does not scroll while the dialog is open.
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    // A button disabled while it works (Paying..., Saving...) drops the focus to the page: Escape
    // must still close the dialog then.
    const self = Symbol('dialog');
    openDialogs.push(self);
    const onDocumentKeyDown = (event: globalThis.KeyboardEvent) => {
      const focused = document.activeElement;
      const focusInPanel = focused instanceof Element && focused.closest('[aria-modal="true"]') !== null;
      if (event.key === 'Escape' && !focusInPanel && openDialogs.at(-1) === self) onCloseRef.current();
    };
    document.addEventListener('keydown', onDocumentKeyDown);
    return () => {
      document.removeEventListener('keydown', onDocumentKeyDown);
      openDialogs.splice(openDialogs.indexOf(self), 1);
      document.body.style.overflow = previousOverflow;
      previouslyFocused?.focus();
    };
  }, []);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      // A dialog opened from another dialog closes alone.
      event.stopPropagation();
      onCloseRef.current();
      return;
    }
    if (event.key !== 'Tab' || !panelRef.current) return;
    const focusable = Array.from(panelRef.current.querySelectorAll<HTMLElement>(focusableSelector));
    if (focusable.length === 0) return;
    const first = focusable[0]!;
    const last = focusable[focusable.length - 1]!;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return createPortal(
    // biome-ignore lint/a11y/noStaticElementInteractions: catches Escape and Tab bubbling up from inside the dialog (focus trap); not an interactive element itself
    <div className="fixed inset-0 z-50 flex items-center justify-center p-4" onKeyDown={onKeyDown}>
      <div
        data-testid="dialog-backdrop"
        aria-hidden="true"
        className="absolute inset-0 bg-slate-950/60"
        onClick={(event) => {
          event.stopPropagation();
          onCloseRef.current();
        }}
      />
      {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: role is always dialog or alertdialog, which support aria-modal; the rule cannot see through the variable */}
      <div
        ref={panelRef}
        role={role}
        aria-modal="true"
        aria-labelledby={labelledBy ?? titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        className={`relative max-h-[calc(100dvh-2rem)] w-full overflow-y-auto rounded-lg bg-white p-5 shadow-xl focus:outline-none dark:bg-slate-900 ${panelClassName}`}
      >
        {labelledBy ? null : (
          <h2 id={titleId} className="text-lg font-semibold text-slate-900 dark:text-white">
            {title}
          </h2>
        )}
        {description ? (
          <div id={descriptionId} className="mt-2 text-sm text-slate-600 dark:text-slate-300">
            {description}
          </div>
        ) : null}
        {children}
      </div>
    </div>,
    document.body,
  );
}
