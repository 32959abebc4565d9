import { describe, expect, it } from 'vitest';
import { brandPalette, contrastRatio } from './brand-palette';

describe('brandPalette', () => {
  it.each(['#C2410C', '#DC2626', '#FACC15', '#22C55E', '#1E3A8A', '#FFFFFF', '#000000', '#808080', '#3b82f6'])(
    'keeps %s readable in every role',
    (colour) => {
      const palette = brandPalette(colour)!;
      expect(palette.fill).toBe(colour.toLowerCase());
      expect(contrastRatio(palette.fill, palette.onFill)).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(palette.inkOnLight, '#ffffff')).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(palette.inkOnDark, '#0f172a')).toBeGreaterThanOrEqual(4.5);
    },
  );

  it('keeps a colour that already reads well as it is, and writes dark text on a light fill', () => {
    expect(brandPalette('#DC2626')).toMatchObject({ fill: '#dc2626', onFill: '#ffffff', inkOnLight: '#dc2626' });
    expect(brandPalette('#FACC15')).toMatchObject({ onFill: '#0f172a', inkOnDark: '#facc15' });
  });

  it('takes only #RRGGBB', () => {
    expect(brandPalette('red')).toBeNull();
    expect(brandPalette('#abc')).toBeNull();
  });

  it('measures contrast as WCAG does', () => {
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#00a63e', '#ffffff')).toBeCloseTo(3.2, 1);
  });
});
