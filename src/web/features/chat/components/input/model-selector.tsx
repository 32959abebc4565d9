import type { ChatModel } from '@contracts';
import { useEffect, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import { modelLabel } from '../../../../lib/model-label';
import { limitUsageNote } from '../../api/limit-refusal';
import { tokenLimitExplanation, tokenLimitSummary } from '../../lib/token-limit';

interface ModelSelectorProps {
  models: ChatModel[] | undefined;
  isLoading: boolean;
  selectedModelId: string | null;
  onSelect: (modelId: string | null) => void;
  /** Changed (from 0) to open the list from elsewhere, e.g. "Try another model" under a failed message. */
  openRequest?: number;
  /** The list closed without a choice. */
  onDismiss?: () => void;
}

/**
 * Spec section 2 "Model selector for chat": close button, loading and empty texts, name and max
 * tokens; "Auto" (no forced model: the router chooses) comes first and is the default.
 */
export function ModelSelector({
  models,
  isLoading,
  selectedModelId,
  onSelect,
  openRequest = 0,
  onDismiss,
}: ModelSelectorProps) {
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const selected = models?.find((model) => model.model_id === selectedModelId);

  const dismissed = useRef(onDismiss);
  dismissed.current = onDismiss;

  useEffect(() => {
    if (openRequest > 0) setOpen(true);
  }, [openRequest]);

  function close() {
    setOpen(false);
    trigger.current?.focus();
  }

  function dismiss() {
    close();
    dismissed.current?.();
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: listeners are bound once per opening; dismiss is recreated each render but only calls close() and a ref
  useEffect(() => {
    if (!open) return;
    panel.current?.querySelector<HTMLElement>('[aria-selected="true"]')?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.stopPropagation();
      dismiss();
    };
    // A press outside the list closes it, as Escape does, without taking the focus back.
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (panel.current?.contains(target) || trigger.current?.contains(target)) return;
      setOpen(false);
      dismissed.current?.();
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [open]);

  function choose(modelId: string | null) {
    onSelect(modelId);
    close();
  }

  return (
    <div className="relative">
      <button
        ref={trigger}
        type="button"
        aria-expanded={open}
        onClick={() => {
          if (open) dismissed.current?.();
          setOpen((value) => !value);
        }}
        className="rounded-md border border-slate-300 px-3 py-1 text-xs text-slate-700 dark:border-slate-700 dark:text-slate-300"
      >
        Model: {selected?.name ?? 'Auto'}
      </button>
      {open ? (
        <div
          ref={panel}
          role="dialog"
          aria-label="Choose a model"
          className="absolute bottom-full left-0 z-20 mb-2 w-72 rounded-lg border border-slate-200 bg-white p-2 shadow-lg dark:border-slate-700 dark:bg-slate-900"
        >
          <div className="mb-1 flex items-center justify-between text-xs font-semibold text-slate-600 dark:text-slate-300">
            <span>Models</span>
            <button
              type="button"
              aria-label="Close model list"
              className="rounded px-1 hover:bg-slate-100 dark:hover:bg-slate-800"
              onClick={dismiss}
            >
              ×
            </button>
          </div>
          {isLoading ? <p className="p-2 text-sm">Loading models...</p> : null}
          {!isLoading && (models?.length ?? 0) === 0 ? <p className="p-2 text-sm">No available models</p> : null}
          {!isLoading && models && models.length > 0 ? (
            // At most half the window: the panel opens upward from the message box, and a long list (an
            // administrator sees every model) would otherwise run past the top of the screen, Auto out of reach.
            // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the ARIA listbox pattern on a list: keyboard handling and aria-selected are implemented here
            <ul role="listbox" aria-label="Models" className="max-h-[50vh] overflow-y-auto">
              <ModelOption
                label="Auto"
                detail="Routed: from the cache when safe, else the smallest model that is enough"
                selected={selectedModelId === null}
                onChoose={() => choose(null)}
              />
              {models.map((model) => (
                <ModelOption
                  key={model.model_id}
                  label={model.name}
                  detail={[modelLabel(model), tokenLimitSummary(model), limitUsageNote(model)]
                    .filter(Boolean)
                    .join(' · ')}
                  explanation={tokenLimitExplanation(model)}
                  selected={model.model_id === selectedModelId}
                  onChoose={() => choose(model.model_id)}
                />
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

/**
 * An option of the listbox, chosen by click, Enter or Space; the arrow keys move between options.
 * No button inside: an option holding a focusable control is a nested control to screen readers.
 */
function ModelOption({
  label,
  detail,
  explanation,
  selected,
  onChoose,
}: {
  label: string;
  detail: string;
  explanation?: string;
  selected: boolean;
  onChoose: () => void;
}) {
  function handleKeyDown(event: ReactKeyboardEvent<HTMLLIElement>) {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onChoose();
      return;
    }
    const next =
      event.key === 'ArrowDown'
        ? event.currentTarget.nextElementSibling
        : event.key === 'ArrowUp'
          ? event.currentTarget.previousElementSibling
          : null;
    if (next instanceof HTMLElement) {
      event.preventDefault();
      next.focus();
    }
  }

  return (
    <li
      // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the options of the ARIA listbox above, focusable and selectable
      role="option"
      aria-selected={selected}
      tabIndex={0}
      title={explanation}
      onClick={onChoose}
      onKeyDown={handleKeyDown}
      className={`w-full cursor-pointer rounded px-2 py-1 text-left text-sm hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-ink dark:hover:bg-slate-800 ${selected ? 'font-semibold' : ''}`}
    >
      {label}
      {detail ? <span className="block text-xs text-slate-600 dark:text-slate-400">{detail}</span> : null}
      {explanation ? <span className="sr-only"> {explanation}</span> : null}
    </li>
  );
}
