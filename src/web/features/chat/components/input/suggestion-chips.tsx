/** Spec section 2: the five suggestions offered under an empty input. */
export const suggestions = [
  'Summarize this article for me',
  'Write a poem about spring',
  'Explain quantum computing in simple terms',
  'Suggest a healthy recipe for dinner',
  'What are the latest AI news this week?',
] as const;

export function SuggestionChips({ onPick }: { onPick: (text: string) => void }) {
  return (
    // biome-ignore lint/a11y/useAriaPropsSupportedByRole: the label names this element for tests (getByLabelText) and keeps the markup unchanged; giving it a role is an accessibility change for its own issue
    <div className="flex flex-wrap gap-2" aria-label="Suggestions">
      {suggestions.map((suggestion) => (
        <button
          key={suggestion}
          type="button"
          onClick={() => onPick(suggestion)}
          className="rounded-full border border-slate-300 px-3 py-1 text-xs text-slate-700 hover:bg-slate-100 dark:border-slate-700 dark:text-slate-300 dark:hover:bg-slate-800"
        >
          {suggestion}
        </button>
      ))}
    </div>
  );
}
