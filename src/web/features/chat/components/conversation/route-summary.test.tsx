import type { RouteInfo } from '@contracts';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../state/chat-types';
import { ReplyFooter } from './reply-footer';

const route = (overrides: Partial<RouteInfo>): RouteInfo => ({
  decision_id: 'decision-1',
  mode: 'auto',
  reason: 'router_score',
  reason_text: 'Routed by score',
  cached: false,
  cost_usd: 0,
  reference_model: 'openai/gpt-4o',
  reference_cost_usd: 0.0042,
  ...overrides,
});

function reply(overrides: Partial<ChatMessage>): ChatMessage {
  return {
    id: 'm-2',
    content: 'A reply of forty characters, or so it is',
    role: 'assistant',
    timestamp: '2026-01-02T10:00:00.000Z',
    sessionId: 's-1',
    model: 'openai/gpt-4o-mini',
    tokensUsed: 12,
    selectionId: 'decision-1',
    isPending: false,
    ...overrides,
  };
}

const routed = () => screen.getByRole('generic', { name: 'How this reply was routed' });

describe('reply footer: cost and tokens', () => {
  it("says 'free (local)' for the local model, with no $0-against-$0 comparison", () => {
    render(
      <ReplyFooter
        message={reply({
          model: 'local/tinyllama-1.1b-chat',
          route: route({ reason: 'only_model', reference_model: 'local/tinyllama-1.1b-chat', reference_cost_usd: 0 }),
        })}
      />,
    );
    expect(routed()).toHaveTextContent('free (local)');
    expect(routed()).not.toHaveTextContent('$0');
    expect(routed()).not.toHaveTextContent(' vs ');
  });

  it('compares a free local reply with a paid reference model', () => {
    render(<ReplyFooter message={reply({ model: 'local/tinyllama-1.1b-chat', route: route({}) })} />);
    expect(routed()).toHaveTextContent('free (local) vs $0.0042 on openai/gpt-4o (saved $0.0042)');
  });

  it('keeps paid replies as they were', () => {
    render(<ReplyFooter message={reply({ route: route({ cost_usd: 0.0001 }) })} />);
    expect(routed()).toHaveTextContent('$0.0001 vs $0.0042 on openai/gpt-4o (saved $0.0041)');
  });

  it("shows a cache hit's size in tokens, marked as not billed", () => {
    const content = 'x'.repeat(401);
    render(
      <ReplyFooter message={reply({ content, tokensUsed: 0, route: route({ reason: 'cache_hit', cached: true }) })} />,
    );
    // Spec section 5's estimate: length / 4, rounded up.
    expect(screen.getByText(/~101 tokens/)).toHaveTextContent('~101 tokens (cached, not billed)');
  });
});
