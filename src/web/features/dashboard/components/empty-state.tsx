/** A card's "nothing to show" line. */
export function EmptyState({ text }: { text: string }) {
  return (
    <p className="rounded-md border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-500 dark:border-slate-700 dark:text-slate-400">
      {text}
    </p>
  );
}
