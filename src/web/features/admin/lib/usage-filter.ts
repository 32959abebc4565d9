import type { UsageSource } from '@contracts';

/** What an analytics screen shows: every source or one, every key or one (issue 23). */
export interface UsageFilterChoice {
  source: UsageSource | 'all';
  /** '' for every key. */
  apiKeyId: string;
}

export const everyUsage: UsageFilterChoice = { source: 'all', apiKeyId: '' };

/** The query parameters of a choice; none for what is not narrowed. */
export function usageFilterParameters(choice: UsageFilterChoice): Record<string, string> {
  return {
    ...(choice.source === 'all' ? {} : { source: choice.source }),
    ...(choice.apiKeyId === '' ? {} : { apiKeyId: choice.apiKeyId }),
  };
}
