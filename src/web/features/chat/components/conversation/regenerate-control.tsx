import { useRef, useState } from 'react';
import type { ChatMessage } from '../../state/chat-types';
import { useMessageActions } from './message-actions-context';

const controlStyle =
  'rounded px-2 py-0.5 hover:bg-slate-200 disabled:cursor-not-allowed disabled:opacity-50 dark:hover:bg-slate-700';
/** The select's value for Auto: no model forced, the router chooses. */
const automaticValue = '';

/**
 * Spec section 2: the first click reveals a model selector, the second regenerates with it. Auto
 * comes first, as in the chat's own selector; the model that answered is preselected.
 */
export function RegenerateControl({ message }: { message: ChatMessage }) {
  const actions = useMessageActions();
  const [choosing, setChoosing] = useState(false);
  const [modelId, setModelId] = useState(automaticValue);
  const button = useRef<HTMLButtonElement>(null);
  if (!actions) return null;
  const { models, isLoadingModels, isStreaming } = actions;
  const disabled = isStreaming || isLoadingModels || models.length === 0;

  function handleClick() {
    if (!actions) return;
    if (!choosing) {
      const current = models.find((model) => message.model?.endsWith(model.model_id));
      setModelId(current?.model_id ?? automaticValue);
      setChoosing(true);
      return;
    }
    setChoosing(false);
    actions.regenerate(message, modelId === automaticValue ? null : modelId);
  }

  function cancel() {
    setChoosing(false);
    button.current?.focus();
  }

  return (
    <span className="inline-flex items-center gap-1">
      {choosing ? (
        <select
          aria-label="Model for regeneration"
          value={modelId}
          onChange={(event) => setModelId(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape') cancel();
          }}
          className="rounded border border-slate-300 bg-white px-1 py-0.5 dark:border-slate-600 dark:bg-slate-900"
        >
          <option value={automaticValue}>Auto</option>
          {models.map((model) => (
            <option key={model.model_id} value={model.model_id}>
              {model.name}
            </option>
          ))}
        </select>
      ) : null}
      <button
        ref={button}
        type="button"
        className={`${controlStyle} whitespace-nowrap`}
        disabled={disabled}
        onClick={handleClick}
      >
        {choosing ? 'Regenerate now' : 'Regenerate'}
      </button>
    </span>
  );
}
