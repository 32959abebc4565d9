import { conversationApi, type ExportFormat } from './conversation-api';

/**
 * Spec section 2: export opens the returned url (Markdown, or the JSON one) in a new tab. The url is a short-lived signed
 * link (it works without the bearer token, for this user's session only), so the tab simply
 * opens it. The tab is opened before the request so popup blockers allow it.
 */
export async function exportSessionToNewTab(sessionId: string, format: ExportFormat = 'markdown'): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const url = await conversationApi.exportSession(sessionId, format);
    if (tab) {
      tab.opener = null;
      tab.location.href = url;
    } else {
      window.open(url, '_blank', 'noopener');
    }
  } catch (error) {
    tab?.close();
    throw error;
  }
}
