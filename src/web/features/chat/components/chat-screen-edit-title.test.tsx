import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  framedReply,
  makeMessage,
  makeMetadata,
  makeModel,
  makeSession,
  streamedResponse,
} from '../test/chat-fixtures';
import { fakeChatApi } from '../test/fake-chat-api';
import { renderChat } from '../test/render-chat';

const sidebar = () => screen.getByRole('complementary', { name: 'Chat sessions' });

describe('chat screen: the title after an edit', () => {
  it('shows the title the server gave the session when its first message was edited, without a reload', async () => {
    // The server's records: a title made from the first message, which the edit changes (issue 21 item 15).
    const sessions = [makeSession({ id: 's-1', title: 'Is it sunny?...' })];
    const server = {
      's-1': [
        makeMessage({ id: 'm-1', session_id: 's-1', content: 'Is it sunny?' }),
        makeMessage({ id: 'm-2', session_id: 's-1', role: 'assistant', content: 'Yes it is.' }),
      ],
    };
    fakeChatApi({
      sessions,
      messagesBySession: server,
      models: [makeModel()],
      routes: {
        'POST /conversation/regenerate': () => {
          sessions[0] = { ...sessions[0]!, title: 'Is it warm?...' };
          server['s-1'] = [
            makeMessage({
              id: 'm-1',
              session_id: 's-1',
              content: 'Is it warm?',
              edited_at: '2026-01-02T10:05:00.000Z',
            }),
            makeMessage({ id: 'm-2', session_id: 's-1', role: 'assistant', content: 'Warm enough.' }),
          ];
          return streamedResponse([
            framedReply(
              'Warm enough.',
              makeMetadata({ session_id: 's-1', usr_msg_id: 'm-1', assistant_msg_id: 'm-2' }),
            ),
          ]);
        },
      },
    });
    const user = userEvent.setup();
    renderChat();
    const bubble = await screen.findByRole('article', { name: 'Your message' });
    expect(within(sidebar()).getByRole('button', { name: /^Is it sunny\?\.\.\./ })).toBeInTheDocument();

    await user.click(within(bubble).getByRole('button', { name: 'Edit' }));
    const draft = within(bubble).getByRole('textbox', { name: 'Edit message' });
    await user.clear(draft);
    await user.type(draft, 'Is it warm?');
    await user.click(within(bubble).getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(within(sidebar()).getByRole('button', { name: /^Is it warm\?\.\.\./ })).toBeInTheDocument(),
    );
    expect(within(sidebar()).queryByRole('button', { name: /^Is it sunny\?\.\.\./ })).toBeNull();
  });
});
