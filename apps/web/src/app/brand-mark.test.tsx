import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { BrandMark } from './brand-mark';

const squash = (html: string) => html.replace(/\s+/g, ' ').replace(/>\s+</g, '><').trim();

describe('brand mark', () => {
  it('is the same drawing in the HTML splash painted before scripts and in the app', () => {
    const indexHtml = readFileSync(
      path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../index.html'),
      'utf8',
    );
    const inHtml = /<svg\s+class="splash-mark"[\s\S]*?<\/svg>/.exec(indexHtml)?.[0];
    expect(inHtml).toBeDefined();
    const normalise = (svg: string) =>
      squash(svg)
        .replace(/\s*\/>/g, '>')
        .replace(/" >/g, '">');
    expect(normalise(inHtml!)).toBe(normalise(renderToStaticMarkup(<BrandMark />)));
  });

  it('is decoration only: hidden from screen readers, no text or glyphs', () => {
    const svg = renderToStaticMarkup(<BrandMark />);
    expect(svg).toContain('aria-hidden="true"');
    expect(svg).not.toMatch(/<text|\p{Extended_Pictographic}/u);
  });
});

describe('brand mark fade', () => {
  it('carries on the HTML splash’s fade instead of starting it again', () => {
    const markup = renderToStaticMarkup(<BrandMark fadeFrom={412.6} />);
    expect(markup).toContain('animation-delay:-413ms');
  });
});
