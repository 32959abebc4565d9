import { describe, expect, it } from 'vitest';
import { framedFailure, framedReply, makeMetadata } from '../test/chat-fixtures';
import { createStreamParser } from './stream-parser';

function feed(chunks: string[]) {
  const parser = createStreamParser();
  const shown = chunks.map((chunk) => parser.push(chunk));
  const closing = parser.finish();
  return { shown, text: shown.join('') + closing.text, closing };
}

describe('createStreamParser', () => {
  const body = framedReply('Hello world');

  it.each(Array.from({ length: body.length - 1 }, (_, index) => index + 1))(
    'finds the metadata whatever the chunk boundary (split at %i)',
    (splitAt) => {
      const { text, closing, shown } = feed([body.slice(0, splitAt), body.slice(splitAt)]);
      expect(text).toBe('Hello world');
      expect(closing.metadata).toEqual(makeMetadata());
      expect(shown.join('')).not.toContain('[');
    },
  );

  it('shows text as it arrives, holding back only a possible marker start', () => {
    const parser = createStreamParser();
    expect(parser.push('Hello ')).toBe('Hello ');
    expect(parser.push('world\n[ME')).toBe('world');
    expect(parser.push('ssy')).toBe('\n[MEssy');
  });

  it('reads a failure line after partial text', () => {
    const { text, closing } = feed(framedFailure('Half a repl', 'Provider failed').split(''));
    expect(text).toBe('Half a repl');
    expect(closing.error).toEqual({ code: 'upstream_failed', message: 'Provider failed' });
    expect(closing.metadata).toBeUndefined();
  });

  it('keeps a reply line that only looks like a marker as text', () => {
    const reply = 'Use this:\n[META]{not json}\nthen continue';
    const { text, closing } = feed([framedReply(reply)]);
    expect(text).toBe(reply);
    expect(closing.metadata?.session_id).toBe('session-1');
  });

  it('reports no closing line when the body simply ends', () => {
    const { text, closing } = feed(['Just text\n[MET']);
    expect(text).toBe('Just text\n[MET');
    expect(closing.metadata).toBeUndefined();
    expect(closing.error).toBeUndefined();
  });
});
