import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeModel } from '../test/chat-fixtures';
import { fakeChatApi } from '../test/fake-chat-api';
import { renderChat } from '../test/render-chat';

async function chooseModel(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(await screen.findByRole('button', { name: 'Model: Auto' }));
  const listbox = await screen.findByRole('listbox', { name: 'Models' });
  await user.click(within(listbox).getByText(name));
}

/** The selector's label once the model list has loaded (before, it reads Auto whatever comes next). */
async function settledModelLabel(user: ReturnType<typeof userEvent.setup>): Promise<string> {
  const trigger = await screen.findByRole('button', { name: /^Model: / });
  await user.click(trigger);
  await screen.findByRole('listbox', { name: 'Models' });
  await user.keyboard('{Escape}');
  return trigger.textContent ?? '';
}

describe('chat screen: model choice', () => {
  it('sends the chosen model as forced_model_id', async () => {
    const { requests } = fakeChatApi({
      models: [makeModel({ model_id: 'gpt-4o', name: 'GPT-4o', provider: 'openai', max_tokens: 100 })],
    });
    const user = userEvent.setup();
    renderChat();
    await chooseModel(user, 'GPT-4o');
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Short{Enter}');
    await waitFor(() =>
      expect(requests.find((request) => request.path === '/conversation/message')?.body).toMatchObject({
        forced_model_id: 'gpt-4o',
      }),
    );
  });

  it("starts at the model the list says (the organisation's default for people without their own) and sends it until another is picked", async () => {
    const models = [
      makeModel({ model_id: 'gpt-4o', name: 'GPT-4o', provider: 'openai' }),
      makeModel({ model_id: 'haiku', name: 'Haiku', provider: 'anthropic' }),
    ];
    const { requests } = fakeChatApi({
      routes: { 'GET /conversation/models': () => ({ body: { models, default_model_id: 'haiku' } }) },
    });
    const user = userEvent.setup();
    renderChat();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Model: Haiku' })).toBeInTheDocument());
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Hello{Enter}');
    await waitFor(() =>
      expect(requests.find((request) => request.path === '/conversation/message')?.body).toMatchObject({
        forced_model_id: 'haiku',
      }),
    );

    await user.click(screen.getByRole('button', { name: 'Model: Haiku' }));
    await user.click(within(await screen.findByRole('listbox', { name: 'Models' })).getByText('Auto'));
    expect(screen.getByRole('button', { name: 'Model: Auto' })).toBeInTheDocument();
  });

  it('refuses a message over the chosen model limit with the red banner and sends nothing', async () => {
    const { requests } = fakeChatApi({ models: [makeModel({ model_id: 'small', name: 'Small', max_tokens: 2 })] });
    const user = userEvent.setup();
    renderChat();
    await chooseModel(user, 'Small');
    const textBox = screen.getByRole('textbox', { name: 'Message' });
    await user.type(textBox, 'This is far too long{Enter}');
    expect(screen.getByTestId('error-banner')).toHaveTextContent('Message exceeds maximum allowed tokens (2)');
    expect(textBox).toHaveValue('This is far too long');
    expect(requests.some((request) => request.path === '/conversation/message')).toBe(false);
  });

  it('remembers the chosen model across a reload, for this person only', async () => {
    const models = [
      makeModel({ model_id: 'gpt-4o', name: 'GPT-4o', provider: 'openai' }),
      makeModel({ model_id: 'haiku', name: 'Haiku', provider: 'anthropic' }),
    ];
    fakeChatApi({ models });
    const user = userEvent.setup();
    const first = renderChat();
    await chooseModel(user, 'Haiku');
    expect(screen.getByRole('button', { name: 'Model: Haiku' })).toBeInTheDocument();
    first.unmount();

    const { requests } = fakeChatApi({ models });
    renderChat();
    expect(await settledModelLabel(user)).toBe('Model: Haiku');
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Hello{Enter}');
    await waitFor(() =>
      expect(requests.find((request) => request.path === '/conversation/message')?.body).toMatchObject({
        forced_model_id: 'haiku',
      }),
    );
    expect(Object.keys(localStorage).filter((key) => key.includes('user-1'))).toHaveLength(1);
  });

  it('remembers Auto too, and lets a newly saved default model win over an older choice', async () => {
    const models = [
      makeModel({ model_id: 'gpt-4o', name: 'GPT-4o', provider: 'openai' }),
      makeModel({ model_id: 'haiku', name: 'Haiku', provider: 'anthropic' }),
    ];
    fakeChatApi({ routes: { 'GET /conversation/models': () => ({ body: { models, default_model_id: 'haiku' } }) } });
    const user = userEvent.setup();
    const first = renderChat();
    await user.click(await screen.findByRole('button', { name: 'Model: Haiku' }));
    await user.click(within(await screen.findByRole('listbox', { name: 'Models' })).getByText('Auto'));
    first.unmount();

    fakeChatApi({ routes: { 'GET /conversation/models': () => ({ body: { models, default_model_id: 'haiku' } }) } });
    const second = renderChat();
    expect(await settledModelLabel(user)).toBe('Model: Auto');
    second.unmount();

    // The person saved another default model in App Settings since: that is where the selector starts.
    fakeChatApi({ routes: { 'GET /conversation/models': () => ({ body: { models, default_model_id: 'gpt-4o' } }) } });
    renderChat();
    expect(await settledModelLabel(user)).toBe('Model: GPT-4o');
  });

  it('forgets a remembered model the person may no longer use', async () => {
    const models = [
      makeModel({ model_id: 'gpt-4o', name: 'GPT-4o', provider: 'openai' }),
      makeModel({ model_id: 'haiku', name: 'Haiku', provider: 'anthropic' }),
    ];
    fakeChatApi({ models });
    const user = userEvent.setup();
    const first = renderChat();
    await chooseModel(user, 'Haiku');
    first.unmount();

    fakeChatApi({ models: [models[0]!] });
    renderChat();
    expect(await settledModelLabel(user)).toBe('Model: Auto');
  });
});
