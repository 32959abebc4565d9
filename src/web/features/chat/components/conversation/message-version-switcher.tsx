/** Which version of an edited message is shown (from 1), and how many there are (docs/decisions/054). */
export interface MessageVersionChoice {
  shown: number;
  count: number;
  show: (version: number) => void;
  disabled?: boolean;
}

const arrow =
  'rounded px-1.5 py-0.5 hover:bg-white/15 disabled:cursor-default disabled:opacity-40 disabled:hover:bg-transparent focus-visible:outline-2 focus-visible:outline-white';

/** "‹ 1 / 2 ›" beside an edited message: each version shows the turns that followed it. */
export function MessageVersionSwitcher({ choice }: { choice: MessageVersionChoice }) {
  const { shown, count, show, disabled = false } = choice;
  return (
    // biome-ignore lint/a11y/useSemanticElements: an inline group of buttons, not a form part; a <fieldset> would change its layout
    <span role="group" aria-label="Message versions" className="inline-flex items-center whitespace-nowrap text-xs">
      <button
        type="button"
        className={arrow}
        aria-label="Previous version"
        disabled={disabled || shown <= 1}
        onClick={() => show(shown - 1)}
      >
        ‹
      </button>
      <span aria-live="polite" className="sr-only">{`Version ${shown} of ${count}`}</span>
      <span aria-hidden="true">{`${shown} / ${count}`}</span>
      <button
        type="button"
        className={arrow}
        aria-label="Next version"
        disabled={disabled || shown >= count}
        onClick={() => show(shown + 1)}
      >
        ›
      </button>
    </span>
  );
}
