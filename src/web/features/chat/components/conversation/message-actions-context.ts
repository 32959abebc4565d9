import type { ChatModel, FeedbackRating } from '@contracts';
import { createContext, useContext } from 'react';
import type { ChatMessage } from '../../state/chat-types';

/** What a message bubble can do; provided by the chat screen, so bubbles need no prop chains. */
export interface MessageActions {
  models: ChatModel[];
  isLoadingModels: boolean;
  isStreaming: boolean;
  /** A null model is Auto: the router chooses. */
  regenerate: (message: ChatMessage, modelId: string | null) => void;
  /** Sends a failed message again with the model chosen for the chat. */
  retry: (message: ChatMessage) => void;
  /** Opens the model choice; the model chosen there sends the failed message again. */
  tryAnotherModel: (message: ChatMessage) => void;
  /** Takes a message that was not sent back into the message box, to change and send again. */
  editUnsent: (message: ChatMessage) => void;
  /** Saves the edit and asks the message again; resolves false when the server refused the edit (the draft is kept). */
  edit: (message: ChatMessage, content: string) => Promise<boolean>;
  /** Shows another version (from 1) of an edited message, with the turns that followed it. */
  showVersion: (message: ChatMessage, version: number) => void;
  /** Resolves true when the rating was recorded. */
  rate: (message: ChatMessage, rating: FeedbackRating) => Promise<boolean>;
}

export const MessageActionsContext = createContext<MessageActions | null>(null);

export function useMessageActions(): MessageActions | null {
  return useContext(MessageActionsContext);
}
