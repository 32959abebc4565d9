import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MarkdownContent } from './markdown-content';

describe('MarkdownContent', () => {
  it('renders markdown and never raw HTML', () => {
    const { container } = render(
      <MarkdownContent text={'**bold** and <img src=x onerror="alert(1)"> <script>alert(1)</script>'} />,
    );
    expect(screen.getByText('bold').tagName).toBe('STRONG');
    expect(container.querySelector('img, script')).toBeNull();
  });

  it('shows a code block with its language, line numbers and a copy button that confirms for 1.2 s', async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    vi.useFakeTimers();
    try {
      render(<MarkdownContent text={'```ts\nconst a = 1;\nconst b = 2;\n```'} />);
      const block = screen.getByRole('figure', { name: 'ts code' });
      expect(block).toHaveTextContent('ts');
      expect(block).toHaveTextContent('1const a = 1;');
      expect(block).toHaveTextContent('2const b = 2;');
      await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Copy code' })));
      expect(writeText).toHaveBeenCalledWith('const a = 1;\nconst b = 2;');
      expect(screen.getByRole('button', { name: 'Copied!' })).toBeInTheDocument();
      await act(() => vi.advanceTimersByTimeAsync(1199));
      expect(screen.getByRole('button', { name: 'Copied!' })).toBeInTheDocument();
      await act(() => vi.advanceTimersByTimeAsync(1));
      expect(screen.getByRole('button', { name: 'Copy code' })).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps inline code inline', () => {
    render(<MarkdownContent text={'Run `npm start` now'} />);
    expect(screen.queryByRole('figure')).toBeNull();
    expect(screen.getByText('npm start').tagName).toBe('CODE');
  });

  it('highlights a block whose fence names no language by the language it guesses, and shell blocks by their alias', async () => {
    const { container } = render(
      <MarkdownContent
        text={'```\ndef greet(name):\n    return name\n```\n\n```sh\nif [ -f x ]; then echo found; fi\n```'}
      />,
    );
    const python = screen.getByRole('figure', { name: 'python code' });
    expect(python.querySelector('.token.keyword')?.textContent).toBe('def');
    const shell = screen.getByRole('figure', { name: 'sh code' });
    await waitFor(() => expect(shell.getAttribute('data-language')).toBe('bash'));
    expect([...shell.querySelectorAll('.token.keyword')].map((token) => token.textContent)).toEqual(
      expect.arrayContaining(['if', 'then', 'fi']),
    );
    expect(container.querySelectorAll('figure')).toHaveLength(2);
  });
});
