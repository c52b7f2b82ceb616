import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ROUTES, pageForPath } from './routes';

const SOURCE = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const FEATURES_WITH_TEXTS = new Set(
  readdirSync(join(SOURCE, 'locales', 'en')).map((file) => file.replace(/\.json$/, '')),
);
/** Loaded before any screen renders (lib/i18n.ts). */
const CORE_TEXTS = ['common', 'nav', 'modals'];

/** The file an import specifier names, if it is one of ours with code in it. */
function resolveImport(from: string, specifier: string): string | null {
  const base = resolve(dirname(from), specifier);
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    join(base, 'index.ts'),
    join(base, 'index.tsx'),
  ]) {
    if (/\.tsx?$/.test(candidate) && existsSync(candidate)) return candidate;
  }
  return null;
}

/**
 * The locale files whose keys a page's code (and everything it imports, lazily too) names: any
 * string that starts with "<feature>." for a feature that has a locale file.
 */
function textsNamedFrom(page: string): Set<string> {
  const seen = new Set<string>();
  const named = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = readFileSync(file, 'utf8');
    for (const [, feature] of code.matchAll(/['`]([a-zA-Z]+)\.[a-zA-Z$]/g)) {
      if (FEATURES_WITH_TEXTS.has(feature!)) named.add(feature!);
    }
    for (const [, specifier] of code.matchAll(/(?:from|import\()\s*'(\.[^']+)'/g)) {
      const target = resolveImport(file, specifier!);
      if (target) visit(target);
    }
  };
  visit(join(SOURCE, 'features', `${page}.tsx`));
  return named;
}

describe('routes', () => {
  it("cover every screen's route, /profile included", () => {
    const paths = ROUTES.map((route) => route.path);
    for (const path of [
      '/',
      '/chat/:id',
      '/balance',
      '/settings',
      '/profile-settings',
      '/operators',
      '/operators/:categoryId',
      '/history',
      '/operator/:id',
      '/operator_profile/:id',
      '/notifications',
      '/tarot',
      '/yesno',
      '/dream',
      '/horoscope',
      '/article',
      '/privacy-policy',
      '/terms',
      '/payments',
      '/profile',
    ]) {
      expect(paths).toContain(path);
    }
  });

  it('find the page for a path with parameters', () => {
    expect(pageForPath('/')).toBe('home/home-page');
    expect(pageForPath('/operators/3')).toBe('advisors/category-page');
    expect(pageForPath('/operator_profile/7')).toBe('advisors/advisor-page');
    expect(pageForPath('/nowhere')).toBeNull();
  });

  it('load every text a page with a short text list shows (no raw keys on the first screen)', () => {
    for (const route of ROUTES) {
      if (!route.texts) continue;
      const loaded = new Set([...CORE_TEXTS, ...route.texts]);
      const missing = [...textsNamedFrom(route.page)].filter((feature) => !loaded.has(feature));
      expect(missing, `${route.path} (${route.page})`).toEqual([]);
    }
  });
});
