import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeModel } from '../../test/chat-fixtures';
import { modelLabel } from '../../../../lib/model-label';
import { ModelSelector } from './model-selector';

describe('ModelSelector', () => {
  it("shows 'Loading models...' and 'No available models'", async () => {
    const user = userEvent.setup();
    const { rerender } = render(<ModelSelector models={undefined} isLoading selectedModelId={null} onSelect={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Model: Auto' }));
    expect(screen.getByText('Loading models...')).toBeInTheDocument();
    rerender(<ModelSelector models={[]} isLoading={false} selectedModelId={null} onSelect={() => {}} />);
    expect(screen.getByText('No available models')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close model list' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('lists each model with its name, provider/model id and max tokens, and selects one', async () => {
    const user = userEvent.setup();
    const onSelect = vi.fn();
    render(<ModelSelector models={[makeModel(), makeModel({ model_id: 'gpt-4o', name: 'GPT-4o', provider: 'openai', max_tokens: 4000 })]} isLoading={false} selectedModelId={null} onSelect={onSelect} />);
    await user.click(screen.getByRole('button', { name: 'Model: Auto' }));
    const options = within(screen.getByRole('listbox', { name: 'Models' })).getAllByRole('option');
    expect(options[2]).toHaveTextContent('GPT-4o');
    expect(options[2]).toHaveTextContent('openai/gpt-4o · max 4,000 tokens');
    await user.click(within(options[2] as HTMLElement).getByRole('button'));
    expect(onSelect).toHaveBeenCalledWith('gpt-4o');
    expect(screen.queryByRole('dialog')).toBeNull();
    // A catalog id that already names its provider is not prefixed twice.
    expect(modelLabel(makeModel({ model_id: 'local/tinyllama', provider: 'local' }))).toBe('local/tinyllama');
  });
});
