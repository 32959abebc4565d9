/** The snippet with each case-insensitive occurrence of `text` marked. */
export function SearchSnippet({ snippet, text }: { snippet: string; text: string }) {
  const needle = text.trim().toLowerCase();
  if (!needle) return <>{snippet}</>;
  const parts: { text: string; hit: boolean; start: number }[] = [];
  const lower = snippet.toLowerCase();
  let from = 0;
  for (let at = lower.indexOf(needle); at >= 0; at = lower.indexOf(needle, at + needle.length)) {
    if (at > from) parts.push({ text: snippet.slice(from, at), hit: false, start: from });
    parts.push({ text: snippet.slice(at, at + needle.length), hit: true, start: at });
    from = at + needle.length;
  }
  if (from < snippet.length) parts.push({ text: snippet.slice(from), hit: false, start: from });
  return (
    <>
      {parts.map((part) =>
        part.hit ? (
          <mark key={part.start} className="rounded-sm bg-amber-200 px-0.5 text-slate-900 dark:bg-amber-400/80">
            {part.text}
          </mark>
        ) : (
          <span key={part.start}>{part.text}</span>
        ),
      )}
    </>
  );
}
