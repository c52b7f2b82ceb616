/**
 * Seer's colours inside Telegram (decision 053): Telegram's background and text colours from its
 * theme parameters, Seer's violet as the accent, and every colour that carries text checked for
 * at least 4.5:1 against what it sits on — moved towards the text colour when Telegram's own
 * is too faint (hint_color, destructive_text_color) and computed for the accent's on-colour.
 */
import type { ThemeParams } from './telegram';

export type Scheme = 'light' | 'dark';

/** WCAG's minimum contrast for body text. */
export const MIN_CONTRAST = 4.5;

type Rgb = [number, number, number];

/** Seer's own accent, link and danger per scheme (the same values as global.css). */
const SEER = {
  light: {
    accent: '#5a3cc8',
    link: '#4b2fb0',
    danger: '#b42318',
    text: '#1d1530',
    deep: '#140c2e',
  },
  dark: {
    accent: '#a58bff',
    link: '#c7b8ff',
    danger: '#ff8a80',
    text: '#f1ecff',
    deep: '#140c2e',
  },
} as const;

export function parseColor(value: string | undefined): Rgb | null {
  const match = value?.trim().match(/^#([0-9a-f]{3}|[0-9a-f]{6})$/i);
  if (!match) return null;
  let hex = match[1]!;
  if (hex.length === 3)
    hex = hex
      .split('')
      .map((digit) => digit + digit)
      .join('');
  return [0, 2, 4].map((start) => parseInt(hex.slice(start, start + 2), 16)) as Rgb;
}

function toHex(rgb: Rgb): string {
  return `#${rgb.map((part) => Math.round(part).toString(16).padStart(2, '0')).join('')}`;
}

function luminance([r, g, b]: Rgb): number {
  const linear = (channel: number) => {
    const value = channel / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG 2 contrast ratio of two #rrggbb colours (1 to 21). */
export function contrast(a: string, b: string): number {
  const first = parseColor(a);
  const second = parseColor(b);
  if (!first || !second) return 1;
  const [light, dark] = [luminance(first), luminance(second)].sort((x, y) => y - x) as [
    number,
    number,
  ];
  return (light + 0.05) / (dark + 0.05);
}

/** `a` moved `share` (0..1) of the way to `b`. */
export function mix(a: string, b: string, share: number): string {
  const from = parseColor(a);
  const to = parseColor(b);
  if (!from || !to) return a;
  return toHex(from.map((part, index) => part + (to[index]! - part) * share) as Rgb);
}

/**
 * `color` itself when it reaches `ratio` against every background, else the nearest colour on
 * the way to `towards` that does (`towards` is the text colour, so it always gets there).
 */
export function withContrast(
  color: string,
  backgrounds: string[],
  towards: string,
  ratio = MIN_CONTRAST,
): string {
  for (let step = 0; step <= 20; step += 1) {
    const candidate = mix(color, towards, step / 20);
    if (backgrounds.every((background) => contrast(candidate, background) >= ratio))
      return candidate;
  }
  return towards;
}

/** White or Seer's deep violet, whichever reads better on `background`. */
export function onColor(background: string, deep: string = SEER.light.deep): string {
  return contrast('#ffffff', background) >= contrast(deep, background) ? '#ffffff' : deep;
}

/** The CSS variables Seer sets from Telegram's theme, and the colours it hands to Telegram. */
export interface TelegramPalette {
  variables: Record<string, string>;
  /** Telegram's header, the page behind the webview and the bottom bar around MainButton. */
  header: string;
  background: string;
  bottomBar: string;
  /** MainButton and SecondaryButton: Seer's violet with its computed on-colour. */
  button: string;
  buttonText: string;
}

/**
 * Seer's palette for Telegram's theme parameters in `scheme`, or null when Telegram did not
 * give the two colours everything else is checked against (background and text).
 */
export function telegramPalette(params: ThemeParams, scheme: Scheme): TelegramPalette | null {
  const seer = SEER[scheme];
  const pageColor = parseColor(params.secondary_bg_color)
    ? params.secondary_bg_color!
    : params.bg_color;
  const text = params.text_color;
  if (!parseColor(pageColor) || !parseColor(text)) return null;
  const bg = pageColor!.toLowerCase();
  const surface = (
    parseColor(params.section_bg_color)
      ? params.section_bg_color!
      : parseColor(params.bg_color)
        ? params.bg_color!
        : bg
  ).toLowerCase();
  const surface2 = mix(surface, text!, 0.07);
  const backgrounds = [bg, surface, surface2];
  // The accent carries text too (selected segments, links styled as actions): 4.5:1 on every surface.
  const accent = withContrast(seer.accent, backgrounds, text!);
  const onAccent = onColor(accent, seer.deep);
  const accentSoft = mix(surface, accent, scheme === 'dark' ? 0.22 : 0.14);
  const hint = parseColor(params.hint_color)
    ? params.hint_color!
    : parseColor(params.subtitle_text_color)
      ? params.subtitle_text_color!
      : mix(text!, surface, 0.4);
  const danger = parseColor(params.destructive_text_color)
    ? params.destructive_text_color!
    : seer.danger;
  const variables: Record<string, string> = {
    '--color-bg': bg,
    '--color-surface': surface,
    '--color-surface-2': surface2,
    '--color-text': text!.toLowerCase(),
    '--color-muted': withContrast(hint, [...backgrounds, accentSoft], text!),
    '--color-link': withContrast(seer.link, backgrounds, text!),
    '--color-accent': accent,
    '--color-on-accent': onAccent,
    '--color-accent-soft': accentSoft,
    '--color-border': mix(surface, text!, scheme === 'dark' ? 0.2 : 0.14),
    '--color-danger': withContrast(danger, backgrounds, text!),
  };
  return {
    variables,
    header: bg,
    background: bg,
    bottomBar: bg,
    button: accent,
    buttonText: onAccent,
  };
}

/** The variables telegramPalette may set (so a theme change can remove them all). */
export const PALETTE_VARIABLES = [
  '--color-bg',
  '--color-surface',
  '--color-surface-2',
  '--color-text',
  '--color-muted',
  '--color-link',
  '--color-accent',
  '--color-on-accent',
  '--color-accent-soft',
  '--color-border',
  '--color-danger',
] as const;
