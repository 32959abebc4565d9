import type { ApiKeyView } from '@contracts';
import { formatMoney } from '../../../lib/format-money';
import { formatDate, formatDateTime } from '../../admin/lib/format';

export const statusLabel: Record<ApiKeyView['status'], string> = {
  active: 'Active',
  expired: 'Expired',
  revoked: 'Revoked',
};

export function lastUsedText(key: ApiKeyView): string {
  if (!key.last_used_at) return 'Never';
  const when = formatDateTime(key.last_used_at);
  return key.last_used_address ? `${when} from ${key.last_used_address}` : when;
}

export function expiryText(key: ApiKeyView): string {
  return key.expires_at ? formatDate(key.expires_at) : 'Never';
}

export function budgetText(key: ApiKeyView): string {
  return key.monthly_budget_usd === null ? 'No budget' : `${formatMoney(key.monthly_budget_usd)} / month`;
}

/** This month's usage, against the budget when there is one. */
export function usageText(key: ApiKeyView): string {
  const used = formatMoney(key.usage_this_month_usd);
  return key.monthly_budget_usd === null ? used : `${used} of ${formatMoney(key.monthly_budget_usd)}`;
}

export function ownerText(key: ApiKeyView): string {
  return key.owner ? key.owner.username : 'Service key';
}
