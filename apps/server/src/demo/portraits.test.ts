import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AVATARS_DIR } from '../paths.js';
import { DEMO_ADVISORS } from './demo-advisors.js';
import { DEFAULT_PORTRAIT, portraitSvgs } from './portraits.js';

const slugs = DEMO_ADVISORS.map((advisor) => advisor.slug);

/** A portrait the app can show as it is: one self-contained SVG, nothing fetched, no letters. */
function expectSelfContainedSvg(svg: string) {
  expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
  expect(svg.trimEnd().endsWith('</svg>')).toBe(true);
  expect(svg).toMatch(/viewBox="0 0 \d+ \d+"/);
  expect(svg).not.toMatch(/<text|<script|<image|<foreignObject|\son[a-z]+=/i);
  expect(svg).not.toMatch(/(?:xlink:)?href="(?!#)/);
  expect(svg).not.toMatch(/url\((?!#)/);
  expect((svg.match(/<svg\b/g) ?? []).length).toBe((svg.match(/<\/svg>/g) ?? []).length);
}

describe('demo portraits', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('are made without network and the same slugs give the same bytes', () => {
    const fetch = vi.fn(() => Promise.reject(new Error('no network in portraits')));
    vi.stubGlobal('fetch', fetch);
    const first = portraitSvgs(slugs);
    const second = portraitSvgs(slugs);
    expect(fetch).not.toHaveBeenCalled();
    expect([...first.keys()]).toEqual(slugs);
    for (const slug of slugs) expect(second.get(slug)).toBe(first.get(slug));
  });

  it('differ for every demo advisor, including the face itself, not only the background', () => {
    const portraits = portraitSvgs(slugs);
    const faces = [...portraits.values()].map((svg) => svg.replace(/fill="#[0-9a-f]{6}"/gi, ''));
    expect(new Set(portraits.values()).size).toBe(slugs.length);
    expect(new Set(faces).size).toBe(slugs.length);
  });

  it('are valid, self-contained SVG with no glyphs or initials', () => {
    for (const svg of portraitSvgs(slugs).values()) expectSelfContainedSvg(svg);
    expectSelfContainedSvg(DEFAULT_PORTRAIT);
  });

  it('are the files the server serves, regenerated from the current catalogue', () => {
    const portraits = portraitSvgs(slugs);
    for (const slug of slugs) {
      const file = path.join(AVATARS_DIR, `${slug}.svg`);
      expect(existsSync(file), `${slug}.svg (run npx tsx scripts/generate-avatars.ts)`).toBe(true);
      expect(readFileSync(file, 'utf8')).toBe(`${portraits.get(slug)}\n`);
    }
    expect(readFileSync(path.join(AVATARS_DIR, 'default.svg'), 'utf8')).toBe(
      `${DEFAULT_PORTRAIT}\n`,
    );
  });
});
