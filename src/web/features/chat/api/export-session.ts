import { apiBasePath } from '../../../lib/api-client';
import { getStoredTokens } from '../../../lib/token-storage';
import { conversationApi } from './conversation-api';

/**
 * The export url is only valid for its owner and needs the bearer token, which a new tab would
 * not send; so the file is fetched here and the tab opens a local copy of it.
 */
export async function exportSessionToNewTab(sessionId: string): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const url = await conversationApi.exportSession(sessionId);
    const token = getStoredTokens().token;
    const path = url.startsWith(apiBasePath) ? url : `${apiBasePath}${url}`;
    const response = await fetch(url.startsWith('http') ? url : path, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
    if (!response.ok) throw new Error('Export failed');
    const file = URL.createObjectURL(await response.blob());
    if (tab) tab.location.href = file;
    else window.open(file, '_blank');
  } catch (error) {
    tab?.close();
    throw error;
  }
}
