import type { ConversationSearchResult } from '@contracts';
import { Button } from '../../../../components/ui/button';
import { useConversationSearch } from '../../hooks/use-conversation-search';
import { SearchSnippet } from './search-snippet';

interface SearchResultsProps {
  text: string;
  onOpen: (result: ConversationSearchResult) => void;
}

/** What the search box found: each hit's conversation, its snippet, and a way to load more. */
export function SearchResults({ text, onOpen }: SearchResultsProps) {
  const search = useConversationSearch(text);
  const note = 'px-4 py-6 text-center text-sm text-slate-600 dark:text-slate-400';
  if (search.isError) return <p className={note}>Search failed. Please try again.</p>;
  if (search.results.length === 0) {
    return (
      <p role="status" className={note}>
        {search.isSearching ? 'Searching...' : `No conversations match “${text.trim()}”.`}
      </p>
    );
  }
  return (
    <div className="flex-1 overflow-y-auto px-2">
      <ul aria-label="Search results" className="space-y-0.5">
        {search.results.map((result) => (
          <li key={`${result.session_id}/${result.message_id ?? 'title'}`}>
            <button
              type="button"
              onClick={() => onOpen(result)}
              className="block w-full rounded-md px-2 py-1.5 text-left hover:bg-slate-100 dark:hover:bg-slate-800/60"
            >
              <span className="block truncate text-sm font-medium text-slate-800 dark:text-slate-100">
                {result.session_title || 'New Chat'}
              </span>
              <span className="line-clamp-3 block text-xs break-words text-slate-600 dark:text-slate-400">
                {result.role ? (
                  <span className="font-medium">{result.role === 'user' ? 'You: ' : 'Assistant: '}</span>
                ) : null}
                <SearchSnippet snippet={result.snippet} text={search.searchedFor} />
              </span>
            </button>
          </li>
        ))}
      </ul>
      {search.hasMore ? (
        <Button variant="ghost" className="my-2 w-full" disabled={search.isSearching} onClick={search.loadMore}>
          Load more results
        </Button>
      ) : null}
    </div>
  );
}
