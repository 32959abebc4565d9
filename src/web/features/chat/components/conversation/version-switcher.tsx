/** Which of a reply's answers is shown, and how to move to the others (docs/decisions/030). */
export interface AnswerChoice {
  /** 0 is the oldest answer; `count - 1` the current one. */
  index: number;
  count: number;
  show: (index: number) => void;
}

const arrow =
  'rounded px-1.5 py-0.5 hover:bg-slate-200 disabled:cursor-default disabled:opacity-40 disabled:hover:bg-transparent dark:hover:bg-slate-700';

/** "‹ 2 / 3 ›" under a reply asked more than once: earlier answers are read in place. */
export function VersionSwitcher({ choice }: { choice: AnswerChoice }) {
  const { index, count, show } = choice;
  return (
    // biome-ignore lint/a11y/useSemanticElements: an inline group of buttons, not a form part; a <fieldset> would change its layout
    <span role="group" aria-label="Answer versions" className="inline-flex items-center whitespace-nowrap">
      <button
        type="button"
        className={arrow}
        aria-label="Previous answer"
        disabled={index === 0}
        onClick={() => show(index - 1)}
      >
        ‹
      </button>
      <span aria-live="polite" className="sr-only">{`Answer ${index + 1} of ${count}`}</span>
      <span aria-hidden="true">{`${index + 1} / ${count}`}</span>
      <button
        type="button"
        className={arrow}
        aria-label="Next answer"
        disabled={index === count - 1}
        onClick={() => show(index + 1)}
      >
        ›
      </button>
    </span>
  );
}
