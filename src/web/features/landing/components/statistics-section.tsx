const statistics = [
  { value: '73%', label: 'cost reduction', note: 'typical saving once routing and caching are on' },
  { value: '150ms', label: 'cache response', note: 'for prompts answered from the cache' },
  { value: '3', label: 'routing tiers', note: 'cache, smallest sufficient model, best model' },
  { value: '100%', label: 'usage visibility', note: 'tokens and cost per user and per model' },
];

export function StatisticsSection() {
  return (
    <section aria-labelledby="statistics-title" className="bg-slate-50 px-4 py-16 sm:px-6 dark:bg-slate-900">
      <div className="mx-auto max-w-6xl">
        <h2
          id="statistics-title"
          className="text-center text-3xl font-bold tracking-tight text-slate-900 dark:text-white"
        >
          Savings you can measure
        </h2>
        <dl className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {statistics.map((statistic) => (
            <div key={statistic.label} className="rounded-xl bg-white p-6 text-center shadow-sm dark:bg-slate-950">
              <dt className="text-sm font-medium text-slate-600 uppercase dark:text-slate-400">{statistic.label}</dt>
              <dd className="mt-2 text-4xl font-extrabold text-indigo-600 dark:text-indigo-400">{statistic.value}</dd>
              <dd className="mt-2 text-xs text-slate-500 dark:text-slate-400">{statistic.note}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
