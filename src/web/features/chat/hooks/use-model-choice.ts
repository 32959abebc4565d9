import type { ChatModel } from '@contracts';
import { useCallback, useMemo, useState } from 'react';

/** What a person last picked in the chat's selector, and where the selector started then. */
interface RememberedChoice {
  modelId: string | null;
  startedAt: string | null;
}

const storageKey = (userId: string) => `chatModel:${userId}`;

function readChoice(userId: string): RememberedChoice | null {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(storageKey(userId)) ?? 'null');
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { modelId, startedAt } = parsed as Record<string, unknown>;
    const isId = (value: unknown) => value === null || typeof value === 'string';
    return isId(modelId) && isId(startedAt)
      ? { modelId: modelId as string | null, startedAt: startedAt as string | null }
      : null;
  } catch {
    return null;
  }
}

/**
 * The model the chat sends with, remembered per person in this browser, so a reload keeps it.
 * Until they pick, the selector starts where the server says (their default model, else the
 * organisation's; docs/decisions/021). A remembered pick wins over that start unless the start has
 * changed since (a default saved later in App Settings is news) or the model is no longer theirs.
 */
export function useModelChoice(
  userId: string | undefined,
  startingModelId: string | null | undefined,
  models: ChatModel[] | undefined,
) {
  const [picked, setPicked] = useState<{ modelId: string | null } | undefined>(undefined);
  const remembered = useMemo(() => (userId ? readChoice(userId) : null), [userId]);

  let selectedModelId: string | null = startingModelId ?? null;
  if (picked) selectedModelId = picked.modelId;
  else if (remembered && startingModelId !== undefined && remembered.startedAt === startingModelId) {
    const stillOffered = remembered.modelId === null || models?.some((model) => model.model_id === remembered.modelId);
    if (stillOffered) selectedModelId = remembered.modelId;
  }

  const choose = useCallback(
    (modelId: string | null) => {
      setPicked({ modelId });
      if (userId)
        localStorage.setItem(
          storageKey(userId),
          JSON.stringify({ modelId, startedAt: startingModelId ?? null } satisfies RememberedChoice),
        );
    },
    [userId, startingModelId],
  );

  return { selectedModelId, choose };
}
