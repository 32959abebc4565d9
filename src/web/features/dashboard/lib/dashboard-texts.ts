/** Spec section 8's texts for the dashboard, word for word. */
export const dashboardTexts = {
  noAnalytics: 'No analytics data available. Please check back later.',
  analyticsUnavailable: 'Analytics temporarily unavailable',
  noModelUsage: 'No model usage data available for this period.',
  noUsageTrend: 'No usage trend data available for this period.',
  noCostSavings: 'No cost savings data available for this period.',
  noDataInRange: 'No data available for the selected date range. Try adjusting your filters.',
  noSavingsForModel: 'No cost savings data available for the selected model.',
} as const;
