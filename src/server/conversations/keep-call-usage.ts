import type { NewUsageRecord } from './chat-message-repository';
import { saveUsageRecord } from './chat-message-repository';
import type { ConversationDependencies } from './conversation-dependencies';

/**
 * Saves a model call's usage on its own, when the rows it belonged to could not be written (the
 * user's message refused, the chat deleted meanwhile, the sign-in ended): the provider may bill
 * the call all the same, and role limits count it. One statement outside the transaction that
 * failed, holding ids and numbers but none of the conversation's text, and linking only rows that
 * exist, so what refused those rows cannot refuse it. Never throws (it runs on paths already
 * answering an error); answers whether the record was saved.
 */
export async function keepCallUsage(
  dependencies: Pick<ConversationDependencies, 'db' | 'logger'>,
  record: NewUsageRecord,
): Promise<boolean> {
  try {
    await saveUsageRecord(dependencies.db, record);
    return true;
  } catch (error) {
    // Only the user or organisation being gone is left to refuse it; the numbers stay in the log.
    const { orgId, userId, modelId, inputTokens, outputTokens, costUsd } = record;
    dependencies.logger.error(
      { err: error, orgId, userId, modelId, inputTokens, outputTokens, costUsd },
      'recording the usage of a model call failed',
    );
    return false;
  }
}
