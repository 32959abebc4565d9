/** Line icons drawn inline: emoji are missing from some system fonts (headless Chromium among them). */
const paths = {
  positive: 'M7 10v10H4V10h3zm2 10h8.3a2 2 0 0 0 2-1.6l1.2-6A2 2 0 0 0 18.5 10H14l.7-3.6A1.7 1.7 0 0 0 13 4.4L9 10v10z',
  neutral: 'M5 12h14',
  negative:
    'M17 14V4h3v10h-3zm-2-10H6.7a2 2 0 0 0-2 1.6l-1.2 6A2 2 0 0 0 5.5 14H10l-.7 3.6a1.7 1.7 0 0 0 1.7 2L15 14V4z',
} as const;

export function FeedbackIcon({ rating }: { rating: keyof typeof paths }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="14"
      height="14"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d={paths[rating]} />
    </svg>
  );
}
