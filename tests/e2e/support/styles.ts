import type { Locator, Page } from '@playwright/test';

/** A computed CSS property of the element. */
export const styleOf = (locator: Locator, property: string): Promise<string> =>
  locator.evaluate((element, name) => getComputedStyle(element).getPropertyValue(name), property);

/** A colour as 'rgb(r, g, b)' (Chromium reports oklch() colours as written), by painting it. */
export async function asRgb(page: Page, colour: string): Promise<string> {
  return page.evaluate((css) => {
    const context = document.createElement('canvas').getContext('2d')!;
    context.fillStyle = css;
    context.fillRect(0, 0, 1, 1);
    const [red, green, blue] = context.getImageData(0, 0, 1, 1).data;
    return `rgb(${red}, ${green}, ${blue})`;
  }, colour);
}

/** WCAG contrast ratio of two 'rgb(r, g, b)' colours. */
export function contrastRatio(first: string, second: string): number {
  const luminance = (colour: string) => {
    const [red, green, blue] = (colour.match(/\d+/g) ?? []).map(Number).map((channel) => {
      const value = channel / 255;
      return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * red! + 0.7152 * green! + 0.0722 * blue!;
  };
  const [lighter, darker] = [luminance(first), luminance(second)].sort((a, b) => b - a) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}
