/**
 * Every route of spec section 2 (plus /profile, decisions.md). Each page is its own chunk,
 * found by convention: src/features/<feature>/<name>-page.tsx with a default export.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { ensureTexts, type TextSet } from '../lib/i18n';

type PageModule = { default: ComponentType };
const pageFiles = import.meta.glob<PageModule>('../features/*/*-page.tsx');

export interface RouteEntry {
  path: string;
  /** "<feature>/<name>-page" under src/features. */
  page: string;
  /**
   * The locale files (features) the page shows texts from, besides common/nav/modals.
   * Omitted: all of them. Only worth listing for the first screen most people see.
   */
  texts?: readonly string[];
}

export const ROUTES: readonly RouteEntry[] = [
  // Home lists its texts so a first visit downloads only those (the home route's JS budget).
  { path: '/', page: 'home/home-page', texts: ['home'] },
  { path: '/chat/:id', page: 'chat/chat-page' },
  { path: '/balance', page: 'balance/balance-page' },
  { path: '/payments', page: 'balance/payments-page' },
  { path: '/settings', page: 'settings/settings-page' },
  { path: '/profile', page: 'settings/profile-page' },
  { path: '/profile-settings', page: 'settings/profile-settings-page' },
  { path: '/operators', page: 'advisors/categories-page' },
  { path: '/operators/:categoryId', page: 'advisors/category-page' },
  { path: '/operator/:id', page: 'advisors/advisor-page' },
  // decisions.md: the same live profile as /operator/:id.
  { path: '/operator_profile/:id', page: 'advisors/advisor-page' },
  { path: '/history', page: 'history/history-page' },
  { path: '/notifications', page: 'notifications/notifications-page' },
  { path: '/tarot', page: 'tarot/tarot-page' },
  { path: '/yesno', page: 'yesno/yesno-page' },
  { path: '/dream', page: 'dream/dream-page' },
  { path: '/horoscope', page: 'horoscope/horoscope-page' },
  { path: '/article', page: 'article/article-page' },
  { path: '/privacy-policy', page: 'legal/privacy-policy-page' },
  // Issue 6: the advisors' workspace and the admin section (each page checks who may see it).
  { path: '/workspace', page: 'advisor-workspace/workspace-page' },
  { path: '/workspace/chat/:telegramUserId', page: 'advisor-workspace/workspace-chat-page' },
  { path: '/admin', page: 'admin/admin-page' },
  { path: '/admin/user/:telegramUserId', page: 'admin/admin-user-page' },
  { path: '/admin/:section', page: 'admin/admin-page' },
];

const components = new Map<string, LazyExoticComponent<ComponentType> | null>();

/** The texts a page needs (see RouteEntry.texts). */
export function textsFor(page: string): TextSet {
  return ROUTES.find((route) => route.page === page)?.texts ?? 'all';
}

/** The lazily loaded component of a page, or null when that feature has no such page. */
export function pageComponent(page: string): LazyExoticComponent<ComponentType> | null {
  if (!components.has(page)) {
    const load = pageFiles[`../features/${page}.tsx`];
    // The page renders once both its code and its texts are here (fetched in parallel).
    components.set(
      page,
      load
        ? lazy(() => Promise.all([load(), ensureTexts(textsFor(page))]).then(([module]) => module))
        : null,
    );
  }
  return components.get(page)!;
}

/** Starts downloading a page's code ahead of a likely visit (e.g. during the splash). */
export function preloadPage(page: string): void {
  void pageFiles[`../features/${page}.tsx`]?.();
}

/** The page that will render for `pathname`, if any (same patterns as the router). */
export function pageForPath(pathname: string): string | null {
  for (const route of ROUTES) {
    const pattern = new RegExp(`^${route.path.replace(/:[^/]+/g, '[^/]+')}/?$`);
    if (pattern.test(pathname)) return route.page;
  }
  return null;
}
