import { describe, expect, it } from 'vitest';
import { formatErrorLine, formatMetaLine, parseStreamBody, type StreamMetadata } from './conversation';
import { estimatePromptTokens, sessionTitleFromPrompt } from './chat-sessions';

const metadata: StreamMetadata = {
  usr_msg_id: 'u1',
  assistant_msg_id: 'a1',
  session_id: 's1',
  created_at: '2026-01-01T00:00:00.000Z',
  primary_model: 'openai/gpt-4o-mini',
  backup_model: null,
  tokens_used: 42,
  selection_id: 'a1',
  user_id: 'user-1',
};

describe('the chat stream framing', () => {
  it('appends the metadata as one [META] line after the text', () => {
    expect(formatMetaLine(metadata)).toBe(`\n[META]${JSON.stringify(metadata)}\n`);
    expect(parseStreamBody(`Hello world${formatMetaLine(metadata)}`)).toEqual({ text: 'Hello world', metadata });
  });

  it('appends a failure as one [ERROR] line, keeping the partial text', () => {
    const error = { code: 'upstream_failed', message: 'The model provider failed to answer. Please try again.' };
    expect(parseStreamBody(`Half a${formatErrorLine(error)}`)).toEqual({ text: 'Half a', error });
  });

  it.each([
    ['a stream cut before its closing line', 'Just text', { text: 'Just text' }],
    [
      'a marker without valid metadata',
      'Look: \n[META]{"not":"metadata"}',
      { text: 'Look: \n[META]{"not":"metadata"}' },
    ],
    ['an empty reply', formatMetaLine(metadata), { text: '', metadata }],
  ])('reads %s', (_name, body, expected) => {
    expect(parseStreamBody(body)).toEqual(expected);
  });

  it('finds the real closing line when the reply itself quotes the marker', () => {
    const quoted = `The marker looks like \n[META]{"tokens_used":1}\n, see?`;
    expect(parseStreamBody(`${quoted}${formatMetaLine(metadata)}`)).toEqual({ text: quoted, metadata });
  });
});

describe('chat rules of spec sections 5 and 9', () => {
  it.each([
    ['Hello', 'Hello...'],
    ['  What is the capital of France and why?  ', 'What is the capital of France ...'],
    // Titles are one line, and an emoji is never cut in half (its lone half would be stored as U+FFFD).
    ['Two\r\nlines\tand a\u0007bell', 'Two lines and a bell...'],
    [`${'x'.repeat(29)}\u{1F600} and more`, `${'x'.repeat(29)}\u{1F600}...`],
  ])('titles a session from %j', (prompt, title) => {
    expect(sessionTitleFromPrompt(prompt)).toBe(title);
  });

  it.each([
    ['', 0],
    ['abc', 1],
    ['abcd', 1],
    ['abcde', 2],
  ])('estimates %j as %i tokens', (text, tokens) => {
    expect(estimatePromptTokens(text)).toBe(tokens);
  });
});
