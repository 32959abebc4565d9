import { planFeatureMessages } from '@contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeRole } from '../../../test/fake-api';
import { fakeChatApi } from '../test/fake-chat-api';
import { renderChat } from '../test/render-chat';

const used = (message: string) => ({
  status: 429,
  body: { code: 'plan_allowance_used', message, detail: message },
});
const details = { plan: 'Team', tokens: 20_000_000, resetsOn: '2026-12-30' };

describe('chat screen: the plan’s tokens for the cycle are used (429, docs/decisions/041)', () => {
  it("shows a member the server's words, when messages resume, and no link", async () => {
    const text = planFeatureMessages.allowanceUsed({ ...details, billingScope: false });
    fakeChatApi({
      reply: () => used(text),
      otherRoutes: { 'GET /roles/role-1': () => ({ body: makeRole('Member') }) },
    });
    const user = userEvent.setup();
    renderChat();
    await user.type(await screen.findByRole('textbox', { name: 'Message' }), 'Hello{Enter}');
    const banner = await screen.findByTestId('error-banner');
    expect(banner).toHaveTextContent(text);
    expect(banner).toHaveTextContent('resume on 2026-12-30, or ask an administrator to upgrade the plan.');
    await waitFor(() => expect(within(banner).queryByRole('link')).toBeNull());
    expect(screen.queryByText('Failed to send message. Please try again.')).toBeNull();
  });

  it('offers an admin the plans in Billing & Usage', async () => {
    const text = planFeatureMessages.allowanceUsed({
      ...details,
      billingScope: true,
      upgrade: { plan: 'Business', tokens: 100_000_000 },
    });
    fakeChatApi({ reply: () => used(text), otherRoutes: { 'GET /roles/role-1': () => ({ body: makeRole('Admin') }) } });
    const user = userEvent.setup();
    renderChat();
    await user.type(await screen.findByRole('textbox', { name: 'Message' }), 'Hello{Enter}');
    const banner = await screen.findByTestId('error-banner');
    expect(banner).toHaveTextContent('or upgrade to Business (100,000,000 tokens per cycle) in Billing & Usage.');
    expect(await within(banner).findByRole('link', { name: 'Change the plan' })).toHaveAttribute(
      'href',
      '/admin/billing',
    );
  });
});
