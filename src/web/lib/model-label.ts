import type { ChatModel } from '@contracts';

/** A model as provider/model_id, once: catalog ids already carry their provider ('openai/gpt-4.1-nano'). */
export function modelLabel(model: Pick<ChatModel, 'model_id' | 'provider'>): string {
  return model.model_id.startsWith(`${model.provider}/`) ? model.model_id : `${model.provider}/${model.model_id}`;
}
