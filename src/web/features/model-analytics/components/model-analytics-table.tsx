import { modelColumns, type ModelFigures } from '../lib/model-figures';

/** Wide screens: one row per model. */
export function ModelAnalyticsTable({ models }: { models: readonly ModelFigures[] }) {
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 dark:border-slate-800">
      <table className="w-full text-left text-sm">
        <thead className="bg-slate-50 text-xs text-slate-600 uppercase dark:bg-slate-900 dark:text-slate-400">
          <tr>
            <th scope="col" className="px-3 py-2">
              Model
            </th>
            {modelColumns.map((column) => (
              <th key={column.heading} scope="col" className="px-3 py-2 text-right">
                {column.heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
          {models.map((model) => (
            <tr key={model.model_id}>
              <th scope="row" className="px-3 py-2 font-medium text-slate-900 dark:text-white">
                {model.model_name}
                <span className="block text-xs font-normal text-slate-500 dark:text-slate-400">{model.model_id}</span>
              </th>
              {modelColumns.map((column) => (
                <td key={column.heading} className="px-3 py-2 text-right whitespace-nowrap tabular-nums">
                  {column.value(model)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
