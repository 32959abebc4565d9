import { useState } from 'react';
import type { ChatMessage } from '../../state/chat-types';
import { useMessageActions } from './message-actions-context';

const controlStyle = 'rounded px-2 py-0.5 hover:bg-slate-200 disabled:cursor-not-allowed disabled:opacity-50 dark:hover:bg-slate-700';

/** Spec section 2: the first click reveals a model selector, the second regenerates with it. */
export function RegenerateControl({ message }: { message: ChatMessage }) {
  const actions = useMessageActions();
  const [choosing, setChoosing] = useState(false);
  const [modelId, setModelId] = useState('');
  if (!actions) return null;
  const { models, isLoadingModels, isStreaming } = actions;
  const disabled = isStreaming || isLoadingModels || models.length === 0;

  function handleClick() {
    if (!actions) return;
    if (!choosing) {
      const current = models.find((model) => message.model?.endsWith(model.model_id));
      setModelId(current?.model_id ?? models[0]?.model_id ?? '');
      setChoosing(true);
      return;
    }
    setChoosing(false);
    if (modelId) actions.regenerate(message, modelId);
  }

  return (
    <span className="inline-flex items-center gap-1">
      {choosing ? (
        <select
          aria-label="Model for regeneration"
          value={modelId}
          onChange={(event) => setModelId(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape') setChoosing(false);
          }}
          className="rounded border border-slate-300 bg-white px-1 py-0.5 dark:border-slate-600 dark:bg-slate-900">
          {models.map((model) => (
            <option key={model.model_id} value={model.model_id}>
              {model.name}
            </option>
          ))}
        </select>
      ) : null}
      <button type="button" className={controlStyle} disabled={disabled} onClick={handleClick}>
        {choosing ? 'Regenerate now' : 'Regenerate'}
      </button>
    </span>
  );
}
