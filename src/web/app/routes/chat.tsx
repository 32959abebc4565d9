import { lazy, Suspense } from 'react';
import { FullPageSpinner } from '../../components/ui/spinner';

// Markdown and syntax highlighting are heavy; only the chat screen needs them.
const ChatScreen = lazy(() =>
  import('../../features/chat/components/chat-screen').then((module) => ({ default: module.ChatScreen })),
);

/** The chat screen has no top bar (spec section 2); its sidebar holds the ways out (on a phone, its own small header leads there). */
export function ChatPage() {
  return (
    <Suspense fallback={<FullPageSpinner label="Loading chat" />}>
      <ChatScreen />
    </Suspense>
  );
}
