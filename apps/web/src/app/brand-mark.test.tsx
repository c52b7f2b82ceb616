import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { BRAND_MARK_URI, BrandMark } from './brand-mark';

describe('brand mark', () => {
  it('is the same picture in the HTML splash painted before scripts and in the app', () => {
    const indexHtml = readFileSync(
      path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../index.html'),
      'utf8',
    );
    const inHtml = /<img\s+class="splash-mark"[^>]*>/.exec(indexHtml)?.[0];
    expect(inHtml).toBeDefined();
    const attribute = (tag: string, name: string) =>
      new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1]?.replaceAll('&#x27;', "'");
    const inApp = renderToStaticMarkup(<BrandMark />);
    for (const name of ['src', 'width', 'height', 'alt']) {
      expect(attribute(inHtml!, name)).toBe(attribute(inApp, name));
    }
    expect(attribute(inHtml!, 'src')).toBe(BRAND_MARK_URI);
  });

  it('is decoration only (empty alt) and a real drawing, with no text or glyphs', () => {
    expect(renderToStaticMarkup(<BrandMark />)).toContain('alt=""');
    const svg = decodeURIComponent(BRAND_MARK_URI.slice('data:image/svg+xml,'.length));
    expect(svg).toMatch(/^<svg xmlns='http:\/\/www.w3.org\/2000\/svg'/);
    expect(svg).toMatch(/<path /);
    expect(svg).not.toMatch(/<text|\p{Extended_Pictographic}/u);
  });
});
