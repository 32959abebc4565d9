interface ChatHeaderProps {
  title: string;
  onOpenSidebar: () => void;
  onNewChat: () => void;
}

const iconButton =
  'flex h-10 w-10 shrink-0 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800';

/** On a phone, where the sidebar is closed: the way to it, the conversation's title and New Chat. */
export function ChatHeader({ title, onOpenSidebar, onNewChat }: ChatHeaderProps) {
  return (
    <header className="flex items-center gap-1 border-b border-slate-200 px-1 py-1 md:hidden dark:border-slate-800">
      <button type="button" aria-label="Open sidebar" className={iconButton} onClick={onOpenSidebar}>
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="h-6 w-6"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
        >
          <path d="M4 6h16M4 12h16M4 18h16" />
        </svg>
      </button>
      <h1 className="min-w-0 flex-1 truncate text-center text-base font-semibold text-slate-900 dark:text-white">
        {title}
      </h1>
      <button type="button" aria-label="New Chat" className={iconButton} onClick={onNewChat}>
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="h-6 w-6"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
        >
          <path d="M12 5v14M5 12h14" />
        </svg>
      </button>
    </header>
  );
}
