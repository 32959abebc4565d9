import { walletMessages } from '@contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeRole } from '../../../test/fake-api';
import { fakeChatApi } from '../test/fake-chat-api';
import { renderChat } from '../test/render-chat';

const payment = (message: string) => ({ status: 402, body: { code: 'payment_required', message, detail: message } });
const memberText = `${walletMessages.walletEmptyForMember('GPT-4o')} ${walletMessages.localModelStillFree}`;
const billingText = `${walletMessages.walletEmptyForBilling('GPT-4o', '0.00')} ${walletMessages.localModelStillFree}`;

describe('chat screen: a wallet that cannot pay (402)', () => {
  it("shows a member the server's message in the red banner (ask an administrator), with no top-up link", async () => {
    fakeChatApi({
      reply: () => payment(memberText),
      otherRoutes: { 'GET /roles/role-1': () => ({ body: makeRole('Member') }) },
    });
    const user = userEvent.setup();
    renderChat();
    await user.type(await screen.findByRole('textbox', { name: 'Message' }), 'Hello{Enter}');
    const banner = await screen.findByTestId('error-banner');
    expect(banner).toHaveTextContent(memberText);
    expect(banner).toHaveTextContent('Ask an administrator to top up the wallet.');
    await waitFor(() => expect(within(banner).queryByRole('link')).toBeNull());
    expect(screen.queryByText('Failed to send message. Please try again.')).toBeNull();
    expect(screen.getByRole('article', { name: 'Your message' })).toHaveTextContent('Hello');
  });

  it('offers an admin a link to top up at /admin/billing', async () => {
    fakeChatApi({
      reply: () => payment(billingText),
      otherRoutes: { 'GET /roles/role-1': () => ({ body: makeRole('Admin') }) },
    });
    const user = userEvent.setup();
    const { router } = renderChat();
    await user.type(await screen.findByRole('textbox', { name: 'Message' }), 'Hello{Enter}');
    const banner = await screen.findByTestId('error-banner');
    expect(banner).toHaveTextContent(billingText);
    const link = await within(banner).findByRole('link', { name: 'Top up the wallet' });
    expect(link).toHaveAttribute('href', '/admin/billing');
    await user.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/billing'));
  });
});
