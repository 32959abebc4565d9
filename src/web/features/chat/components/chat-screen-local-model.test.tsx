import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { framedReply, streamedResponse } from '../test/chat-fixtures';
import { fakeChatApi } from '../test/fake-chat-api';
import { renderChat } from '../test/render-chat';

describe('chat screen: the embedded model loading', () => {
  it("says under 'Thinking' that the local model is loading, with its progress, until the reply starts", async () => {
    let release: (value: Response) => void = () => {};
    const statuses = [
      { state: 'preparing', progress: null },
      { state: 'loading', progress: 0.42 },
    ];
    const { requests } = fakeChatApi({
      reply: () => new Promise<Response>((resolve) => (release = resolve)),
      routes: {
        'GET /conversation/local-model': () => ({ body: statuses.length > 1 ? statuses.shift() : statuses[0] }),
      },
    });
    const user = userEvent.setup();
    renderChat();
    await user.type(await screen.findByRole('textbox', { name: 'Message' }), 'Hi{Enter}');
    await waitFor(() => expect(screen.getByText('Thinking')).toBeInTheDocument());
    await waitFor(
      () => expect(screen.getByText('Preparing the local model for its first reply...')).toBeInTheDocument(),
      { timeout: 5000 },
    );
    await waitFor(
      () => expect(screen.getByText('Loading the local model for its first reply: 42%')).toBeInTheDocument(),
      { timeout: 5000 },
    );
    expect(screen.getByRole('progressbar', { name: 'Local model loading' })).toHaveAttribute('aria-valuenow', '42');

    release(streamedResponse([framedReply('Hello there')]));
    await waitFor(() => expect(screen.getByText('Hello there')).toBeInTheDocument());
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
    const asked = requests.filter((request) => request.path === '/conversation/local-model').length;
    await new Promise((settle) => setTimeout(settle, 1500));
    expect(requests.filter((request) => request.path === '/conversation/local-model')).toHaveLength(asked);
  });

  it('says nothing about the local model when the reply starts at once or the model is not loading', async () => {
    let release: (value: Response) => void = () => {};
    fakeChatApi({
      reply: () => new Promise<Response>((resolve) => (release = resolve)),
      routes: { 'GET /conversation/local-model': () => ({ body: { state: 'disabled', progress: null } }) },
    });
    const user = userEvent.setup();
    renderChat();
    await user.type(await screen.findByRole('textbox', { name: 'Message' }), 'Hi{Enter}');
    await waitFor(() => expect(screen.getByText('Thinking')).toBeInTheDocument());
    await new Promise((settle) => setTimeout(settle, 1600));
    expect(screen.queryByText(/local model/)).toBeNull();
    release(streamedResponse([framedReply('Quick')]));
    await waitFor(() => expect(screen.getByText('Quick')).toBeInTheDocument());
  });
});
