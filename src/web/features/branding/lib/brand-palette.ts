// An organisation picks one colour; the screens need it in a few roles: a fill (buttons, the
// active tab, chart bars) with readable text on it, the colour as text and focus rings on the
// light and the dark background, and a faint tint behind highlighted panels. Each role is derived
// here so that any colour an administrator picks stays readable (WCAG AA, 4.5:1 for text).

type Rgb = readonly [number, number, number];

/** The CSS variables BrandingEffect sets on <html>; index.css holds the product's own values. */
export const brandVariables = {
  fill: '--color-brand',
  onFill: '--color-on-brand',
  inkOnLight: '--brand-ink-light',
  inkOnDark: '--brand-ink-dark',
  tintOnLight: '--brand-soft-light',
  tintOnDark: '--brand-soft-dark',
} as const;

export type BrandPalette = Record<keyof typeof brandVariables, string>;

const white: Rgb = [255, 255, 255];
/** slate-900 (#0f172a): dark text on a light fill, and the dark theme's card background. */
const darkText: Rgb = [15, 23, 42];
/** slate-950 (#020617): the dark theme's page. */
const darkPage: Rgb = [2, 6, 23];
const textContrast = 4.5;

function parseHex(colour: string): Rgb | null {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(colour.trim());
  return match ? [parseInt(match[1]!, 16), parseInt(match[2]!, 16), parseInt(match[3]!, 16)] : null;
}

const toHex = (rgb: Rgb) => `#${rgb.map((part) => Math.round(part).toString(16).padStart(2, '0')).join('')}`;

function luminance([red, green, blue]: Rgb): number {
  const linear = (channel: number) => {
    const value = channel / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue);
}

/** WCAG contrast ratio of two colours, 1 to 21. */
export function contrastRatio(first: string | Rgb, second: string | Rgb): number {
  const one = typeof first === 'string' ? parseHex(first) : first;
  const two = typeof second === 'string' ? parseHex(second) : second;
  if (!one || !two) return 1;
  const [lighter, darker] = [luminance(one), luminance(two)].sort((a, b) => b - a) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

const mix = (colour: Rgb, toward: Rgb, share: number): Rgb =>
  colour.map((part, index) => part + (toward[index]! - part) * share) as unknown as Rgb;

/** The colour moved toward `toward` in small steps until it reads at 4.5:1 on `background`. */
function readableOn(colour: Rgb, background: Rgb, toward: Rgb): Rgb {
  for (let share = 0; share <= 1; share += 0.05) {
    const candidate = mix(colour, toward, share);
    if (contrastRatio(candidate, background) >= textContrast) return candidate;
  }
  return toward;
}

/** The palette of a #RRGGBB colour; null for anything else (the product's own colours stay). */
export function brandPalette(colour: string): BrandPalette | null {
  const rgb = parseHex(colour);
  if (!rgb) return null;
  return {
    fill: toHex(rgb),
    onFill: contrastRatio(rgb, white) >= contrastRatio(rgb, darkText) ? '#ffffff' : toHex(darkText),
    inkOnLight: toHex(readableOn(rgb, white, [0, 0, 0])),
    inkOnDark: toHex(readableOn(rgb, darkText, white)),
    tintOnLight: toHex(mix(rgb, white, 0.9)),
    tintOnDark: toHex(mix(rgb, darkPage, 0.75)),
  };
}
