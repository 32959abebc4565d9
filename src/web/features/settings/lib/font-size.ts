import type { Preferences } from '@contracts';

export type FontSize = Preferences['font_size'];

/** Root font sizes; Tailwind sizes are in rem, so the whole app scales with the root. */
const rootFontSizes: Record<FontSize, string> = { small: '14px', medium: '16px', large: '18px' };
const fontSizeStorageKey = 'font_size';

/** Sets the document root's font size and remembers it for the next visit. */
export function applyFontSize(size: FontSize): void {
  document.documentElement.style.fontSize = rootFontSizes[size];
  document.documentElement.dataset.fontSize = size;
  localStorage.setItem(fontSizeStorageKey, size);
}

/** Re-applies the remembered size (call once at start-up); nothing stored leaves the default. */
export function applyStoredFontSize(): void {
  const stored = localStorage.getItem(fontSizeStorageKey);
  if (stored === 'small' || stored === 'medium' || stored === 'large') applyFontSize(stored);
}
