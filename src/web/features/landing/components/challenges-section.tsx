const challenges = [
  {
    challenge: 'AI bills grow faster than usage',
    solution:
      'Routine prompts go to smaller, cheaper models; the largest model is used only when it makes a difference.',
  },
  {
    challenge: 'The same questions are paid for again and again',
    solution: 'A semantic cache answers repeated and near-identical prompts without calling a provider at all.',
  },
  {
    challenge: 'Nobody knows who spends what',
    solution:
      'Tokens and cost are tracked per user and per model, with a dashboard comparing actual cost to cost without routing.',
  },
  {
    challenge: 'Access and budgets are hard to control',
    solution:
      'Roles decide which models each person may use, with per-model token and cost limits and a prepaid wallet.',
  },
];

export function ChallengesSection() {
  return (
    <section aria-labelledby="challenges-title" className="px-4 py-16 sm:px-6">
      <div className="mx-auto max-w-6xl">
        <h2
          id="challenges-title"
          className="text-center text-3xl font-bold tracking-tight text-slate-900 dark:text-white"
        >
          Challenges and solutions
        </h2>
        <ul className="mt-10 grid gap-6 md:grid-cols-2">
          {challenges.map((item) => (
            <li key={item.challenge} className="rounded-xl border border-slate-200 p-6 dark:border-slate-800">
              <h3 className="font-semibold text-slate-900 dark:text-white">
                <span className="text-red-600 dark:text-red-400">Challenge: </span>
                {item.challenge}
              </h3>
              <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">
                <span className="font-semibold text-emerald-700 dark:text-emerald-400">Solution: </span>
                {item.solution}
              </p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
