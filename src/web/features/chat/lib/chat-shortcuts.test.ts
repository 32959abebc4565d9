import { describe, expect, it } from 'vitest';
import { matchChatShortcut } from './chat-shortcuts';

const press = (key: string, options: Partial<Parameters<typeof matchChatShortcut>[0]> = {}) =>
  matchChatShortcut({
    key,
    ctrlKey: false,
    metaKey: false,
    shiftKey: false,
    altKey: false,
    inTextField: false,
    ...options,
  });

describe('matchChatShortcut', () => {
  it.each([
    ['Ctrl+/', press('/', { ctrlKey: true, code: 'Slash' }), 'help'],
    ['Cmd+/', press('/', { metaKey: true, code: 'Slash' }), 'help'],
    ['? outside a field', press('?', { shiftKey: true }), 'help'],
    ['? in a field', press('?', { shiftKey: true, inTextField: true }), null],
    ['Ctrl+Shift+O', press('O', { ctrlKey: true, shiftKey: true, code: 'KeyO' }), 'new-chat'],
    ['Shift+Esc', press('Escape', { shiftKey: true }), 'focus-input'],
    ['Esc alone', press('Escape'), null],
    ['Ctrl+Shift+X', press('X', { ctrlKey: true, shiftKey: true, code: 'KeyX' }), 'stop'],
    ['Ctrl+Shift+C', press('C', { ctrlKey: true, shiftKey: true, code: 'KeyC' }), 'copy-last-reply'],
    ['Cmd+Shift+S', press('S', { metaKey: true, shiftKey: true, code: 'KeyS' }), 'toggle-sidebar'],
    ['Ctrl+E (the code block key)', press('e', { ctrlKey: true, code: 'KeyE' }), null],
    ['Ctrl+Shift+E', press('E', { ctrlKey: true, shiftKey: true, code: 'KeyE' }), null],
    ['Ctrl+C (copy)', press('c', { ctrlKey: true, code: 'KeyC' }), null],
    ['Ctrl+Alt+Shift+O', press('O', { ctrlKey: true, altKey: true, shiftKey: true, code: 'KeyO' }), null],
  ])('%s', (_name, found, expected) => {
    expect(found).toBe(expected);
  });
});
