import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { contrastRatio } from '../../../branding/lib/brand-palette';
import { bannerToneStyles } from './error-banner';

type Rgb = [number, number, number];

/** Tailwind's palette as the built app has it: `--color-red-600: oklch(57.7% 0.245 27.325);`. */
const theme = readFileSync(createRequire(import.meta.url).resolve('tailwindcss/theme.css'), 'utf8');

/** OKLCH to sRGB (Björn Ottosson's matrices), clipped to the screen's gamut as browsers do. */
function oklchToRgb(lightness: number, chroma: number, hueDegrees: number): Rgb {
  const hue = (hueDegrees * Math.PI) / 180;
  const a = chroma * Math.cos(hue);
  const b = chroma * Math.sin(hue);
  const long = (lightness + 0.3963377774 * a + 0.2158037573 * b) ** 3;
  const medium = (lightness - 0.1055613458 * a - 0.0638541728 * b) ** 3;
  const short = (lightness - 0.0894841775 * a - 1.291485548 * b) ** 3;
  const linear = [
    4.0767416621 * long - 3.3077115913 * medium + 0.2309699292 * short,
    -1.2684380046 * long + 2.6097574011 * medium - 0.3413193965 * short,
    -0.0041960863 * long - 0.7034186147 * medium + 1.707614701 * short,
  ];
  return linear.map((channel) => {
    const clipped = Math.min(1, Math.max(0, channel));
    const encoded = clipped <= 0.0031308 ? 12.92 * clipped : 1.055 * clipped ** (1 / 2.4) - 0.055;
    return Math.round(encoded * 255);
  }) as Rgb;
}

/** The colour a class such as `bg-red-600` or `text-white` paints. */
function colourOf(classes: string, utility: 'bg' | 'text'): Rgb {
  const name = classes.split(' ').find((token) => token.startsWith(`${utility}-`) && !token.includes(':'));
  if (!name) throw new Error(`no ${utility}- class in '${classes}'`);
  const colour = name.slice(utility.length + 1);
  if (colour === 'white') return [255, 255, 255];
  const match = new RegExp(`--color-${colour}: oklch\\(([\\d.]+)% ([\\d.]+) ([\\d.]+)\\)`).exec(theme);
  if (!match) throw new Error(`no colour ${colour} in Tailwind's theme`);
  return oklchToRgb(Number(match[1]) / 100, Number(match[2]), Number(match[3]));
}

describe("the chat's banner colours", () => {
  it('reads the theme as browsers paint it', () => {
    // Tailwind 4's red-600 is #e7000b and amber-300 #ffd230, as Chromium shows them.
    expect(colourOf('bg-red-600', 'bg')).toEqual([231, 0, 11]);
    expect(colourOf('bg-amber-300', 'bg')).toEqual([255, 210, 48]);
  });

  // Issue 21's journey: a refusal's detail line ("GPT-4o mini: 1,000 of 1,000 tokens...") read at 3.9:1 on red.
  it.each(Object.entries(bannerToneStyles))('%s: the message and its detail read at 4.5:1 or more', (_, style) => {
    const fill = colourOf(style.banner, 'bg');
    expect(contrastRatio(colourOf(style.banner, 'text'), fill)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(colourOf(style.detail, 'text'), fill)).toBeGreaterThanOrEqual(4.5);
  });
});
