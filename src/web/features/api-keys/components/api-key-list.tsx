import type { ApiKeyView } from '@contracts';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { formatDate } from '../../admin/lib/format';
import { budgetText, expiryText, lastUsedText, ownerText, statusLabel, usageText } from '../lib/key-facts';

interface Column {
  heading: string;
  value: (key: ApiKeyView) => ReactNode;
}

const personalColumns: Column[] = [
  { heading: 'Created', value: (key) => formatDate(key.created_at) },
  { heading: 'Last used', value: lastUsedText },
  { heading: 'Expires', value: expiryText },
  { heading: 'Usage this month', value: usageText },
  { heading: 'Status', value: (key) => statusLabel[key.status] },
];

const organisationColumns: Column[] = [
  { heading: 'Owner', value: ownerText },
  { heading: 'Role', value: (key) => key.role.name },
  { heading: 'Budget', value: budgetText },
  { heading: 'Usage this month', value: usageText },
  { heading: 'Last used', value: lastUsedText },
  { heading: 'Status', value: (key) => statusLabel[key.status] },
];

interface ApiKeyListProps {
  keys: readonly ApiKeyView[];
  /** Every key of the organisation: who and which role, rather than when it was created. */
  showOwners: boolean;
  narrow: boolean;
  onRevoke: (key: ApiKeyView) => void;
  onChangeBudget: (key: ApiKeyView) => void;
}

interface KeyActionsProps {
  apiKey: ApiKeyView;
  onRevoke: (key: ApiKeyView) => void;
  onChangeBudget: (key: ApiKeyView) => void;
}

function KeyActions({ apiKey, onRevoke, onChangeBudget }: KeyActionsProps) {
  if (apiKey.status === 'revoked') return null;
  return (
    <div className="flex flex-wrap gap-2">
      <Button
        variant="secondary"
        className="px-3 py-1"
        aria-label={`Change the budget of ${apiKey.name}`}
        onClick={() => onChangeBudget(apiKey)}
      >
        Budget
      </Button>
      <RevokeButton apiKey={apiKey} onRevoke={onRevoke} />
    </div>
  );
}

function RevokeButton({ apiKey, onRevoke }: { apiKey: ApiKeyView; onRevoke: (key: ApiKeyView) => void }) {
  return (
    <Button
      variant="secondary"
      className="px-3 py-1"
      aria-label={`Revoke ${apiKey.name}`}
      onClick={() => onRevoke(apiKey)}
    >
      Revoke
    </Button>
  );
}

/** The keys as a table on wide screens and as cards under 768 px, like the other admin lists. */
export function ApiKeyList({ keys, showOwners, narrow, onRevoke, onChangeBudget }: ApiKeyListProps) {
  const columns = showOwners ? organisationColumns : personalColumns;
  if (narrow) {
    return (
      <ul className="space-y-3" aria-label="API keys">
        {keys.map((key) => (
          <li
            key={key.id}
            aria-label={key.name}
            className="rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
          >
            <div className="flex items-start justify-between gap-2">
              <div className="min-w-0">
                <p className="font-semibold break-all text-slate-900 dark:text-white">{key.name}</p>
                <p className="font-mono text-sm break-all text-slate-600 dark:text-slate-400">{key.prefix}…</p>
              </div>
              <KeyActions apiKey={key} onRevoke={onRevoke} onChangeBudget={onChangeBudget} />
            </div>
            <dl className="mt-3 grid grid-cols-2 gap-2 text-sm">
              {columns.map((column) => (
                <div key={column.heading} className="min-w-0">
                  <dt className="text-xs text-slate-500 dark:text-slate-400">{column.heading}</dt>
                  <dd className="break-words">{column.value(key)}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 dark:border-slate-800">
      <table className="w-full text-left text-sm">
        <thead className="bg-slate-50 text-xs text-slate-600 uppercase dark:bg-slate-900 dark:text-slate-400">
          <tr>
            <th scope="col" className="px-3 py-2">
              Name
            </th>
            <th scope="col" className="px-3 py-2">
              Key
            </th>
            {columns.map((column) => (
              <th key={column.heading} scope="col" className="px-3 py-2">
                {column.heading}
              </th>
            ))}
            <th scope="col" className="px-3 py-2">
              Actions
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
          {keys.map((key) => (
            <tr key={key.id}>
              <th scope="row" className="px-3 py-2 font-medium break-all text-slate-900 dark:text-white">
                {key.name}
              </th>
              <td className="px-3 py-2 font-mono whitespace-nowrap text-slate-700 dark:text-slate-300">
                {key.prefix}…
              </td>
              {columns.map((column) => (
                <td key={column.heading} className="px-3 py-2 text-slate-700 dark:text-slate-300">
                  {column.value(key)}
                </td>
              ))}
              <td className="px-3 py-2">
                <KeyActions apiKey={key} onRevoke={onRevoke} onChangeBudget={onChangeBudget} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
