interface SidebarSearchProps {
  value: string;
  onChange: (value: string) => void;
}

/** The search box over the session list; Escape empties it (and closes nothing else). */
export function SidebarSearch({ value, onChange }: SidebarSearchProps) {
  return (
    <div className="px-2 pb-2">
      <input
        type="search"
        aria-label="Search conversations"
        placeholder="Search conversations"
        value={value}
        maxLength={200}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && value) {
            event.preventDefault();
            event.stopPropagation();
            onChange('');
          }
        }}
        className="w-full rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm text-slate-900 placeholder:text-slate-500 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400"
      />
    </div>
  );
}
