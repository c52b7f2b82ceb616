import { describe, expect, it } from 'vitest';
import { TELEGRAM_THEMES } from '../test/telegram-themes';
import { contrast, MIN_CONTRAST, mix, onColor, telegramPalette, withContrast } from './palette';

/** Hue in degrees of a #rrggbb colour. */
function hue(color: string): number {
  const [r, g, b] = [1, 3, 5].map((start) => parseInt(color.slice(start, start + 2), 16) / 255) as [
    number,
    number,
    number,
  ];
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  if (max === min) return 0;
  const d = max - min;
  const h =
    max === r ? (g - b) / d + (g < b ? 6 : 0) : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return h * 60;
}

describe('contrast', () => {
  it('is WCAG 2 contrast', () => {
    expect(contrast('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrast('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    // White on Telegram's default light button: the reason Seer computes its own on-colours.
    expect(contrast('#ffffff', '#2481cc')).toBeCloseTo(4.13, 2);
  });

  it('moves a faint colour towards the text until it reads, and keeps one that already does', () => {
    const faint = withContrast('#999999', ['#ffffff'], '#000000');
    expect(contrast(faint, '#ffffff')).toBeGreaterThanOrEqual(MIN_CONTRAST);
    expect(contrast(mix('#999999', '#000000', 0.05), '#ffffff')).toBeLessThan(MIN_CONTRAST + 1);
    expect(withContrast('#333333', ['#ffffff'], '#000000')).toBe('#333333');
    expect(onColor('#5a3cc8')).toBe('#ffffff');
    expect(onColor('#a58bff')).toBe('#140c2e');
  });
});

describe.each(Object.entries(TELEGRAM_THEMES))('inside Telegram, %s', (_name, theme) => {
  const palette = telegramPalette(theme.params, theme.scheme)!;
  const v = palette.variables;
  const surfaces = {
    bg: v['--color-bg']!,
    surface: v['--color-surface']!,
    surface2: v['--color-surface-2']!,
  };

  it("takes Telegram's background and text colours", () => {
    expect(v['--color-bg']).toBe(theme.params.secondary_bg_color);
    expect(v['--color-surface']).toBe(theme.params.section_bg_color);
    expect(v['--color-text']).toBe(theme.params.text_color);
    expect(palette.header).toBe(v['--color-bg']);
    expect(palette.bottomBar).toBe(v['--color-bg']);
  });

  it("keeps Seer's violet as the accent and on Telegram's own buttons, never Telegram's blue", () => {
    expect(hue(v['--color-accent']!)).toBeGreaterThan(245);
    expect(hue(v['--color-accent']!)).toBeLessThan(290);
    expect(palette.button).toBe(v['--color-accent']);
    expect(palette.button).not.toBe(theme.params.button_color);
  });

  it.each([
    ['text', '--color-text', ['bg', 'surface', 'surface2']],
    ['secondary text', '--color-muted', ['bg', 'surface', 'surface2']],
    ['links', '--color-link', ['bg', 'surface', 'surface2']],
    ['accent text', '--color-accent', ['bg', 'surface', 'surface2']],
    ['errors', '--color-danger', ['bg', 'surface']],
  ] as const)('%s reach 4.5:1 on every surface', (_label, variable, on) => {
    for (const surface of on)
      expect(
        contrast(v[variable]!, surfaces[surface]),
        `${variable} on ${surface}`,
      ).toBeGreaterThanOrEqual(MIN_CONTRAST);
  });

  it('the on-colours reach 4.5:1: text on the accent and on the soft accent, MainButton text', () => {
    expect(contrast(v['--color-on-accent']!, v['--color-accent']!)).toBeGreaterThanOrEqual(
      MIN_CONTRAST,
    );
    expect(contrast(v['--color-text']!, v['--color-accent-soft']!)).toBeGreaterThanOrEqual(
      MIN_CONTRAST,
    );
    expect(contrast(v['--color-muted']!, v['--color-accent-soft']!)).toBeGreaterThanOrEqual(
      MIN_CONTRAST,
    );
    expect(contrast(palette.buttonText, palette.button)).toBeGreaterThanOrEqual(MIN_CONTRAST);
  });
});

describe("Telegram's own colours, taken as they are, would fail", () => {
  it('white on the button colour and the hint colour in both default themes', () => {
    const light = TELEGRAM_THEMES['iOS light']!.params;
    const dark = TELEGRAM_THEMES['Desktop dark']!.params;
    expect(contrast(light.button_text_color!, light.button_color!)).toBeLessThan(MIN_CONTRAST);
    expect(contrast(dark.button_text_color!, dark.button_color!)).toBeLessThan(MIN_CONTRAST);
    expect(contrast(light.hint_color!, light.secondary_bg_color!)).toBeLessThan(MIN_CONTRAST);
    expect(contrast(dark.hint_color!, dark.secondary_bg_color!)).toBeLessThan(MIN_CONTRAST);
  });

  it('gives up (null) without a background or a text colour to check against', () => {
    expect(telegramPalette({ text_color: '#000000' }, 'light')).toBeNull();
    expect(telegramPalette({ bg_color: 'blue', text_color: '#000' }, 'light')).toBeNull();
  });
});
