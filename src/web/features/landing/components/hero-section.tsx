import { Link } from 'react-router';
import { buttonStyle } from '../../../components/ui/button';

const claims = [
  'Answers repeated questions from a semantic cache in milliseconds',
  'Sends every other prompt to the smallest model that can handle it',
  'Escalates to the best model only when the task needs it',
];

export function HeroSection({ showStartButton }: { showStartButton: boolean }) {
  return (
    <section className="relative overflow-hidden bg-gradient-to-b from-indigo-50 to-white px-4 py-16 sm:px-6 sm:py-24 dark:from-slate-900 dark:to-slate-950">
      <div className="mx-auto max-w-4xl text-center">
        <p className="text-sm font-semibold tracking-wide text-indigo-600 uppercase dark:text-indigo-400">
          AI prompt routing and caching for enterprises
        </p>
        <h1 className="mt-4 text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl lg:text-6xl dark:text-white">
          Pay for the model each prompt needs, not the biggest one you have
        </h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg text-slate-600 dark:text-slate-300">
          Tokenwise sits between your teams and your AI providers. It routes every prompt to the cache, the smallest
          sufficient model or the best model, and shows you exactly what each user and model costs.
        </p>
        <ul className="mx-auto mt-8 grid max-w-3xl gap-3 text-left sm:grid-cols-3">
          {claims.map((claim) => (
            <li
              key={claim}
              className="flex gap-2 rounded-lg bg-white/70 p-3 text-sm text-slate-700 shadow-sm dark:bg-slate-900/70 dark:text-slate-300"
            >
              <span aria-hidden="true" className="font-bold text-emerald-600">
                ✓
              </span>
              {claim}
            </li>
          ))}
        </ul>
        <div className="mt-10 flex flex-col items-center justify-center gap-3 sm:flex-row">
          {showStartButton ? (
            <Link to="/signup" className={buttonStyle('primary', 'px-6 py-3 text-base')}>
              Start Saving Today
            </Link>
          ) : null}
          <Link to="/pricing" className={buttonStyle('secondary', 'px-6 py-3 text-base')}>
            See Pricing
          </Link>
        </div>
      </div>
    </section>
  );
}
