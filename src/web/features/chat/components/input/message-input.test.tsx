import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MessageInput } from './message-input';
import { suggestions } from './suggestion-chips';

function renderInput(onSend = vi.fn(() => true)) {
  render(<MessageInput onSend={onSend} isStreaming={false} onStop={() => {}} showSuggestions />);
  return { onSend, textBox: screen.getByRole('textbox', { name: 'Message' }) };
}

describe('MessageInput', () => {
  it('sends on Enter and adds a newline on Shift+Enter, then clears', async () => {
    const user = userEvent.setup();
    const { onSend, textBox } = renderInput();
    await user.type(textBox, 'line one{Shift>}{Enter}{/Shift}line two');
    expect(textBox).toHaveValue('line one\nline two');
    expect(onSend).not.toHaveBeenCalled();
    await user.type(textBox, '{Enter}');
    expect(onSend).toHaveBeenCalledWith('line one\nline two');
    expect(textBox).toHaveValue('');
  });

  it('keeps the text when the screen refuses it, and never sends blank text', async () => {
    const user = userEvent.setup();
    const { onSend, textBox } = renderInput(vi.fn(() => false));
    await user.type(textBox, '   {Enter}');
    expect(onSend).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    await user.type(textBox, 'x{Enter}');
    expect(textBox).toHaveValue('   x');
  });

  it('shows the five suggestions and puts a picked one in the box', async () => {
    const user = userEvent.setup();
    const { textBox } = renderInput();
    expect(
      screen
        .getAllByRole('button')
        .filter((button) => suggestions.includes(button.textContent as (typeof suggestions)[number])),
    ).toHaveLength(5);
    await user.click(screen.getByRole('button', { name: 'Write a poem about spring' }));
    expect(textBox).toHaveValue('Write a poem about spring');
  });

  it('estimates tokens as the length divided by 4, rounded up', async () => {
    const user = userEvent.setup();
    const { textBox } = renderInput();
    expect(screen.getByLabelText('Estimated tokens')).toHaveTextContent('~0 tokens');
    await user.type(textBox, 'abcde');
    expect(screen.getByLabelText('Estimated tokens')).toHaveTextContent('~2 tokens');
  });

  it('inserts a code block with Ctrl+E and indents Enter inside an open fence', async () => {
    const user = userEvent.setup();
    const { onSend, textBox } = renderInput();
    await user.type(textBox, '{Control>}e{/Control}');
    expect(textBox).toHaveValue('```\n\n```');
    await user.type(textBox, 'a{Enter}b', { initialSelectionStart: 4, initialSelectionEnd: 4 });
    expect(textBox).toHaveValue('```\na\n  b\n```');
    expect(onSend).not.toHaveBeenCalled();
  });

  it('puts an inserted code fence on its own lines, never glued to the text around the caret', async () => {
    const user = userEvent.setup();
    const { textBox } = renderInput();
    await user.type(textBox, 'code');
    await user.type(textBox, '{Control>}e{/Control}');
    expect(textBox).toHaveValue('code\n```\n\n```');
    await user.type(textBox, 'x', { skipClick: true });
    expect(textBox).toHaveValue('code\n```\nx\n```');

    await user.clear(textBox);
    await user.type(textBox, 'before after');
    await user.click(screen.getByRole('button', { name: 'Insert code block' }));
    // The button inserts where the caret was (the end), so again on lines of its own.
    expect(textBox).toHaveValue('before after\n```\n\n```');
    await user.type(textBox, 'y', { initialSelectionStart: 7, initialSelectionEnd: 7 });
    await user.keyboard('{Control>}e{/Control}');
    expect(textBox).toHaveValue('before y\n```\n\n```\nafter\n```\n\n```');
  });

  it('previews the draft as markdown and returns to writing', async () => {
    const user = userEvent.setup();
    const { textBox } = renderInput();
    await user.type(textBox, '**bold**');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(screen.getByLabelText('Markdown preview').querySelector('strong')).toHaveTextContent('bold');
    expect(screen.queryByRole('textbox', { name: 'Message' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Write' }));
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue('**bold**');
  });

  it('starts the text box at 45 px', () => {
    const { textBox } = renderInput();
    expect(textBox.style.height).toBe('45px');
  });
});
