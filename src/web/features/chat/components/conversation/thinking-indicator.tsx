import { useLocalModelLoading } from '../../hooks/use-local-model-loading';

/** Shown until a reply's first words arrive; says so when the wait is the embedded model loading. */
export function ThinkingIndicator() {
  const loading = useLocalModelLoading();
  const percent =
    loading?.progress === null || loading?.progress === undefined ? undefined : Math.round(loading.progress * 100);
  return (
    <div role="status" className="space-y-2 text-sm text-slate-600 dark:text-slate-400">
      <div className="flex items-center gap-2">
        <span className="flex gap-1" aria-hidden="true">
          <span className="h-2 w-2 animate-bounce rounded-full bg-slate-400" />
          <span className="h-2 w-2 animate-bounce rounded-full bg-slate-400 [animation-delay:150ms]" />
          <span className="h-2 w-2 animate-bounce rounded-full bg-slate-400 [animation-delay:300ms]" />
        </span>
        <span>Thinking</span>
      </div>
      {loading ? (
        <div className="max-w-xs space-y-1">
          <p>
            {loading.state === 'preparing'
              ? 'Preparing the local model for its first reply...'
              : `Loading the local model for its first reply: ${percent ?? 0}%`}
          </p>
          <div
            role="progressbar"
            aria-label="Local model loading"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            className="h-1.5 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
          >
            <div
              className={`h-full bg-brand ${percent === undefined ? 'w-1/3 animate-pulse' : ''}`}
              style={percent === undefined ? undefined : { width: `${percent}%` }}
            />
          </div>
        </div>
      ) : null}
    </div>
  );
}
