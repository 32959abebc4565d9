import { VerifyEmailBanner } from '../../auth/components/verify-email-banner';
import { estimatePromptTokens } from '@contracts';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useToast } from '../../../components/toast/toast-context';
import type { ExportFormat } from '../api/conversation-api';
import { exportSessionToNewTab } from '../api/export-session';
import { useChat } from '../hooks/use-chat';
import { useChatBanner } from '../hooks/use-chat-banner';
import { useAuth } from '../../auth/hooks/use-auth';
import { useChatModels, useStartingModelId } from '../hooks/use-chat-models';
import { useModelChoice } from '../hooks/use-model-choice';
import { useIsNarrowScreen } from '../../../hooks/use-is-narrow-screen';
import { useSwipe } from '../hooks/use-swipe';
import { ChatHeader } from './chat-header';
import { ChatKeyboard } from './chat-keyboard';
import { ConversationPane } from './conversation/conversation-pane';
import { MessageActionsContext, type MessageActions } from './conversation/message-actions-context';
import { ErrorBanner } from './input/error-banner';
import { MessageInput } from './input/message-input';
import { ModelSelector } from './input/model-selector';
import { ChatSidebar } from './sidebar/chat-sidebar';
import { isLocalSessionId, type ChatMessage, type ChatSession } from '../state/chat-types';

/** The chat screen of spec section 2. */
export function ChatScreen() {
  const models = useChatModels();
  const startingModelId = useStartingModelId();
  const { user } = useAuth();
  const { selectedModelId, choose: setSelectedModelId } = useModelChoice(user?.id, startingModelId, models.data);
  const banner = useChatBanner({ models: models.data, refetchModels: models.refetch, selectModel: setSelectedModelId });
  const chat = useChat({ onBanner: banner.showNotice, onReplyDone: banner.afterReply });
  const toast = useToast();
  const isMobile = useIsNarrowScreen();
  const [sidebarOpen, setSidebarOpen] = useState(!isMobile);
  const [focusMessageId, setFocusMessageId] = useState<string | null>(null);
  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  const [searchText, setSearchText] = useState('');
  const conversation = useRef<HTMLElement>(null);
  const swipe = useSwipe(
    () => setSidebarOpen(false),
    () => setSidebarOpen(true),
  );

  useEffect(() => setSidebarOpen(!isMobile), [isMobile]);

  const { regenerate, retry, resubmit, withdraw, rate, showVersion } = chat;
  // A message that was not sent, taken back into the message box by its Edit.
  const [draft, setDraft] = useState<{ text: string; id: number } | null>(null);
  const isStreaming = chat.state.isTyping;
  // "Try another model" opens the model list; the model chosen there sends that message again.
  const [modelListRequest, setModelListRequest] = useState(0);
  const retryOnChoice = useRef<ChatMessage | null>(null);
  const messageActions = useMemo<MessageActions>(
    () => ({
      models: models.data ?? [],
      isLoadingModels: models.isLoading,
      isStreaming,
      regenerate: (message, modelId) => void regenerate(message, modelId),
      retry: (message) => void retry(message, selectedModelId),
      tryAnotherModel: (message) => {
        retryOnChoice.current = message;
        setModelListRequest((count) => count + 1);
      },
      editUnsent: (message) => {
        withdraw(message);
        setDraft((previous) => ({ text: message.content, id: (previous?.id ?? 0) + 1 }));
      },
      // Saving an edit asks the edited message again with the model chosen for the chat.
      edit: (message, content) => resubmit(message, content, selectedModelId),
      showVersion: (message, version) => void showVersion(message.id, version),
      rate,
    }),
    [
      models.data,
      models.isLoading,
      isStreaming,
      regenerate,
      retry,
      withdraw,
      selectedModelId,
      resubmit,
      showVersion,
      rate,
    ],
  );

  function closeOnMobile() {
    if (isMobile) setSidebarOpen(false);
  }

  /** Spec section 5 (Chat): access and size checks for a chosen model; none for the default. */
  function handleSend(text: string): boolean {
    if (selectedModelId) {
      const model = models.data?.find((candidate) => candidate.model_id === selectedModelId);
      if (!model) return showBanner('You do not have access to this model.');
      if (estimatePromptTokens(text) > model.max_tokens)
        return showBanner(`Message exceeds maximum allowed tokens (${model.max_tokens})`);
    }
    void chat.send(text, selectedModelId);
    return true;
  }

  function showBanner(text: string): false {
    banner.showText(text);
    return false;
  }

  function chooseModel(modelId: string | null) {
    setSelectedModelId(modelId);
    banner.warnAboutModel(modelId);
    const failed = retryOnChoice.current;
    retryOnChoice.current = null;
    if (failed) void retry(failed, modelId);
  }

  function exportSession(sessionId: string, format: ExportFormat) {
    exportSessionToNewTab(sessionId, format).catch(() => toast.error('Failed to export chat session'));
  }

  function startNewChat() {
    chat.selectSession(null);
    closeOnMobile();
  }

  const { state, currentSession } = chat;
  const conversationTitle = currentSession?.title ?? 'New Chat';
  return (
    <div className="flex h-screen overflow-hidden bg-white dark:bg-slate-950" {...swipe}>
      <ChatKeyboard
        session={currentSession}
        isStreaming={state.isTyping}
        onNewChat={startNewChat}
        onFocusInput={() => {
          closeOnMobile();
          conversation.current?.querySelector<HTMLTextAreaElement>('textarea')?.focus();
        }}
        onStop={chat.stop}
        onToggleSidebar={() => setSidebarOpen((open) => !open)}
        onEscape={() => {
          if (isMobile && sidebarOpen) setSidebarOpen(false);
        }}
        helpOpen={shortcutsOpen}
        onHelpOpenChange={setShortcutsOpen}
      />
      {sidebarOpen ? (
        <ChatSidebar
          sessions={listedSessions(state.sessions)}
          currentSessionId={state.currentSessionId}
          isMobile={isMobile}
          onClose={() => setSidebarOpen(false)}
          onNewChat={startNewChat}
          onShowShortcuts={() => setShortcutsOpen(true)}
          searchText={searchText}
          onSearchTextChange={setSearchText}
          onSelect={(sessionId) => {
            setFocusMessageId(null);
            chat.selectSession(sessionId);
            closeOnMobile();
          }}
          onOpenResult={(sessionId, messageId) => {
            setFocusMessageId(messageId);
            chat.selectSession(sessionId);
            closeOnMobile();
          }}
          onRename={(sessionId, title) => void chat.renameSession(sessionId, title)}
          onDelete={(sessionId) => void chat.deleteSession(sessionId)}
          onExport={exportSession}
          onClearAll={() => void chat.clearSessions()}
          onHistoryCleared={chat.forgetSessions}
        />
      ) : isMobile ? null : (
        <button
          type="button"
          aria-label="Open sidebar"
          onClick={() => setSidebarOpen(true)}
          className="w-6 border-r border-slate-200 text-slate-600 dark:text-slate-400 hover:bg-slate-100 dark:border-slate-800 dark:hover:bg-slate-900"
        >
          »
        </button>
      )}
      <section ref={conversation} aria-label="Conversation" className="flex min-w-0 flex-1 flex-col">
        {isMobile && !sidebarOpen ? (
          <ChatHeader
            title={conversationTitle}
            onOpenSidebar={() => setSidebarOpen(true)}
            onNewChat={() => chat.selectSession(null)}
          />
        ) : (
          // The page's one level-one heading, for screen readers, where no header shows the title.
          <h1 className="sr-only">{conversationTitle}</h1>
        )}
        <VerifyEmailBanner inChat />
        <MessageActionsContext value={messageActions}>
          <ConversationPane
            session={currentSession}
            streaming={state.streaming}
            isLoadingMessages={state.isLoadingMessages}
            focusMessageId={focusMessageId}
          />
        </MessageActionsContext>
        {banner.banner ? <ErrorBanner banner={banner.banner} onDismiss={banner.dismiss} /> : null}
        <div className="px-3 pt-2">
          <ModelSelector
            models={models.data}
            isLoading={models.isLoading}
            selectedModelId={selectedModelId}
            onSelect={chooseModel}
            openRequest={modelListRequest}
            onDismiss={() => (retryOnChoice.current = null)}
          />
        </div>
        <MessageInput
          onSend={handleSend}
          isStreaming={state.isTyping}
          onStop={chat.stop}
          showSuggestions={(currentSession?.messages.length ?? 0) === 0}
          draft={draft}
        />
      </section>
    </div>
  );
}

/** A chat whose messages were all refused before the server saved any is no conversation: it is not listed. */
function listedSessions(sessions: ChatSession[]): ChatSession[] {
  return sessions.filter(
    (session) =>
      !isLocalSessionId(session.id) ||
      session.messages.length === 0 ||
      session.messages.some((message) => !message.failure?.notSent),
  );
}
