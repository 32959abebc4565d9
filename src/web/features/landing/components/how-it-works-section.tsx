const steps = [
  {
    title: 'Submit a prompt',
    body: 'Your people chat with the models your organisation allows, in one place, with their own history and settings.',
  },
  {
    title: 'Optimized routing and caching',
    body: 'Tokenwise checks the cache first, then picks the smallest model that can answer well, or the best one when the task needs it.',
  },
  {
    title: 'Receive results',
    body: 'The answer streams back as it is written. Tokens and cost are recorded per user and per model as it happens.',
  },
];

export function HowItWorksSection() {
  return (
    <section aria-labelledby="how-it-works-title" className="px-4 py-16 sm:px-6">
      <div className="mx-auto max-w-6xl">
        <h2
          id="how-it-works-title"
          className="text-center text-3xl font-bold tracking-tight text-slate-900 dark:text-white"
        >
          How it works
        </h2>
        <ol className="mt-10 grid gap-6 md:grid-cols-3">
          {steps.map((step, index) => (
            <li key={step.title} className="rounded-xl border border-slate-200 p-6 dark:border-slate-800">
              <span
                aria-hidden="true"
                className="flex h-10 w-10 items-center justify-center rounded-full bg-indigo-600 font-bold text-white"
              >
                {index + 1}
              </span>
              <h3 className="mt-4 text-lg font-semibold text-slate-900 dark:text-white">
                <span className="sr-only">Step {index + 1}: </span>
                {step.title}
              </h3>
              <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{step.body}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
