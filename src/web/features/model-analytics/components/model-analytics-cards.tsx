import { modelColumns, type ModelFigures } from '../lib/model-figures';

/** Narrow screens (under 768 px): one card per model. */
export function ModelAnalyticsCards({ models }: { models: readonly ModelFigures[] }) {
  return (
    <ul aria-label="Models" className="space-y-3">
      {models.map((model) => (
        <li
          key={model.model_id}
          aria-label={model.model_name}
          className="rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
        >
          <p className="font-semibold break-all text-slate-900 dark:text-white">{model.model_name}</p>
          <p className="text-xs break-all text-slate-500 dark:text-slate-400">{model.model_id}</p>
          <dl className="mt-3 grid grid-cols-2 gap-2 text-sm sm:grid-cols-3">
            {modelColumns.map((column) => (
              <div key={column.heading} className="min-w-0">
                <dt className="text-xs text-slate-500 dark:text-slate-400">{column.heading}</dt>
                <dd className="tabular-nums">{column.value(model)}</dd>
              </div>
            ))}
          </dl>
        </li>
      ))}
    </ul>
  );
}
