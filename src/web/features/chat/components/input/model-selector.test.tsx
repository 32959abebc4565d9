import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeModel } from '../../test/chat-fixtures';
import { modelLabel } from '../../../../lib/model-label';
import { ModelSelector } from './model-selector';

describe('ModelSelector', () => {
  it("shows 'Loading models...' and 'No available models'", async () => {
    const user = userEvent.setup();
    const { rerender } = render(
      <ModelSelector models={undefined} isLoading selectedModelId={null} onSelect={() => {}} />,
    );
    await user.click(screen.getByRole('button', { name: 'Model: Auto' }));
    expect(screen.getByText('Loading models...')).toBeInTheDocument();
    rerender(<ModelSelector models={[]} isLoading={false} selectedModelId={null} onSelect={() => {}} />);
    expect(screen.getByText('No available models')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close model list' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  // Issue 21's journey: with every model listed the panel ran past the top of an 800 px window and Auto could not be clicked.
  it('keeps a long list within the window: it scrolls rather than growing upward past the screen', async () => {
    const user = userEvent.setup();
    const models = Array.from({ length: 20 }, (_, index) =>
      makeModel({ model_id: `model-${index}`, name: `Model ${index}`, provider: 'openai' }),
    );
    render(<ModelSelector models={models} isLoading={false} selectedModelId="model-19" onSelect={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Model: Model 19' }));
    const list = screen.getByRole('listbox', { name: 'Models' });
    expect(list).toHaveClass('max-h-[50vh]', 'overflow-y-auto');
    expect(within(list).getAllByRole('option')).toHaveLength(21);
  });

  it('lists each model with its name, provider/model id and max tokens, and selects one', async () => {
    const user = userEvent.setup();
    const onSelect = vi.fn();
    render(
      <ModelSelector
        models={[makeModel(), makeModel({ model_id: 'gpt-4o', name: 'GPT-4o', provider: 'openai', max_tokens: 4000 })]}
        isLoading={false}
        selectedModelId={null}
        onSelect={onSelect}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Model: Auto' }));
    const options = within(screen.getByRole('listbox', { name: 'Models' })).getAllByRole('option');
    expect(options[2]).toHaveTextContent('GPT-4o');
    expect(options[2]).toHaveTextContent('openai/gpt-4o · max 4,000 tokens');
    await user.click(options[2] as HTMLElement);
    expect(onSelect).toHaveBeenCalledWith('gpt-4o');
    expect(screen.queryByRole('dialog')).toBeNull();
    // A catalog id that already names its provider is not prefixed twice.
    expect(modelLabel(makeModel({ model_id: 'local/tinyllama', provider: 'local' }))).toBe('local/tinyllama');
  });

  it('shows a large limit as a round figure that never overstates it, with the exact figure and its reason', async () => {
    const user = userEvent.setup();
    const nano = makeModel({
      model_id: 'openai/gpt-4.1-nano',
      name: 'GPT-4.1 nano',
      provider: 'openai',
      max_tokens: 1_014_808,
      max_tokens_limited_by: 'model',
    });
    const mini = makeModel({
      model_id: 'openai/gpt-4o-mini',
      name: 'GPT-4o mini',
      provider: 'openai',
      max_tokens: 4000,
      max_tokens_limited_by: 'organisation',
    });
    const haiku = makeModel({
      model_id: 'anthropic/haiku',
      name: 'Haiku',
      provider: 'anthropic',
      max_tokens: 191_808,
      max_tokens_limited_by: 'role',
    });
    render(<ModelSelector models={[nano, mini, haiku]} isLoading={false} selectedModelId={null} onSelect={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Model: Auto' }));
    const [, nanoOption, miniOption, haikuOption] = within(
      screen.getByRole('listbox', { name: 'Models' }),
    ).getAllByRole('option') as HTMLElement[];
    expect(nanoOption).toHaveTextContent('openai/gpt-4.1-nano · max 1M tokens a message');
    expect(nanoOption).not.toHaveTextContent('1,014,808 tokens a message');
    expect(nanoOption).toHaveTextContent(
      "Up to 1,014,808 tokens: the model's context window less the room kept for its reply.",
    );
    expect(miniOption).toHaveTextContent('max 4,000 tokens a message');
    expect(miniOption).toHaveTextContent("Up to 4,000 tokens: your organisation's limit per request.");
    // 191,808 is shown as 190K: rounded down, never more than the server allows.
    expect(haikuOption).toHaveTextContent('max 190K tokens a message');
    expect(haikuOption).toHaveTextContent("Up to 191,808 tokens: your role's limit per request.");
  });

  it('is a listbox of options without nested buttons, chosen with the arrow keys and Enter', async () => {
    const user = userEvent.setup();
    const onSelect = vi.fn();
    render(
      <ModelSelector
        models={[makeModel(), makeModel({ model_id: 'gpt-4o', name: 'GPT-4o', provider: 'openai' })]}
        isLoading={false}
        selectedModelId={null}
        onSelect={onSelect}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Model: Auto' }));
    const listbox = screen.getByRole('listbox', { name: 'Models' });
    expect(within(listbox).queryAllByRole('button')).toHaveLength(0);
    expect(within(listbox).getByRole('option', { name: /^Auto/ })).toHaveFocus();
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowUp}{ArrowDown}');
    expect(within(listbox).getByRole('option', { name: /^GPT-4o/ })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onSelect).toHaveBeenCalledWith('gpt-4o');
  });
});
