/**
 * Every screen's route. Each page is its own chunk, listed here as a dynamic import that tsc
 * checks (a missing or renamed page fails the type check, not the user).
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { ensureTexts, type TextSet } from '../lib/i18n';

type PageModule = { default: ComponentType };

const PAGES = {
  'home/home-page': () => import('../features/home/home-page'),
  'chat/chat-page': () => import('../features/chat/chat-page'),
  'balance/balance-page': () => import('../features/balance/balance-page'),
  'balance/payments-page': () => import('../features/balance/payments-page'),
  'settings/settings-page': () => import('../features/settings/settings-page'),
  'settings/settings-section-page': () => import('../features/settings/settings-section-page'),
  'settings/profile-page': () => import('../features/settings/profile-page'),
  'settings/profile-settings-page': () => import('../features/settings/profile-settings-page'),
  'advisors/categories-page': () => import('../features/advisors/categories-page'),
  'advisors/category-page': () => import('../features/advisors/category-page'),
  'advisors/advisor-page': () => import('../features/advisors/advisor-page'),
  'history/history-page': () => import('../features/history/history-page'),
  'notifications/notifications-page': () => import('../features/notifications/notifications-page'),
  'tarot/tarot-page': () => import('../features/tarot/tarot-page'),
  'yesno/yesno-page': () => import('../features/yesno/yesno-page'),
  'dream/dream-page': () => import('../features/dream/dream-page'),
  'horoscope/horoscope-page': () => import('../features/horoscope/horoscope-page'),
  'article/article-page': () => import('../features/article/article-page'),
  'legal/privacy-policy-page': () => import('../features/legal/privacy-policy-page'),
  'legal/terms-page': () => import('../features/legal/terms-page'),
  'advisor-workspace/workspace-page': () => import('../features/advisor-workspace/workspace-page'),
  'advisor-workspace/workspace-chat-page': () =>
    import('../features/advisor-workspace/workspace-chat-page'),
  'advisor-workspace/own-profile-page': () =>
    import('../features/advisor-workspace/own-profile-page'),
  'admin/admin-page': () => import('../features/admin/admin-page'),
  'admin/admin-user-page': () => import('../features/admin/admin-user-page'),
  'apply/apply-page': () => import('../features/apply/apply-page'),
  'disputes/disputes-page': () => import('../features/disputes/disputes-page'),
  'disputes/open-dispute-page': () => import('../features/disputes/open-dispute-page'),
} satisfies Record<string, () => Promise<PageModule>>;

export type PageId = keyof typeof PAGES;

export interface RouteEntry {
  path: string;
  /** The page's id in PAGES ("<feature>/<name>-page"). */
  page: PageId;
  /**
   * The locale files (features) the page shows texts from, besides common/nav/modals.
   * Omitted: all of them. Only worth listing for the first screen most people see.
   */
  texts?: readonly string[];
}

export const ROUTES: readonly RouteEntry[] = [
  // Home lists its texts so a first visit downloads only those (the home route's JS budget).
  {
    path: '/',
    page: 'home/home-page',
    texts: ['home', 'favourites', 'daily', 'birthPlace', 'zodiac'],
  },
  // A chat is the second screen most people open, often straight from the bot's button.
  {
    path: '/chat/:id',
    page: 'chat/chat-page',
    texts: [
      'chat',
      'responseTimes',
      'birthDataSharing',
      'advisorHours',
      'safety',
      'privacy',
      'balance',
    ],
  },
  { path: '/balance', page: 'balance/balance-page' },
  { path: '/payments', page: 'balance/payments-page' },
  { path: '/settings', page: 'settings/settings-page' },
  // Settings' short screens: limits, invites, alerts, privacy and your data.
  { path: '/settings/:section', page: 'settings/settings-section-page' },
  { path: '/profile', page: 'settings/profile-page' },
  { path: '/profile-settings', page: 'settings/profile-settings-page' },
  { path: '/operators', page: 'advisors/categories-page' },
  { path: '/operators/:categoryId', page: 'advisors/category-page' },
  { path: '/operator/:id', page: 'advisors/advisor-page' },
  // The same live profile as /operator/:id (the older link form).
  { path: '/operator_profile/:id', page: 'advisors/advisor-page' },
  { path: '/history', page: 'history/history-page' },
  { path: '/notifications', page: 'notifications/notifications-page' },
  { path: '/tarot', page: 'tarot/tarot-page' },
  { path: '/yesno', page: 'yesno/yesno-page' },
  { path: '/dream', page: 'dream/dream-page' },
  { path: '/horoscope', page: 'horoscope/horoscope-page' },
  { path: '/article', page: 'article/article-page' },
  { path: '/privacy-policy', page: 'legal/privacy-policy-page' },
  // The terms of service, linked from Settings and the bot's /terms (separate from the privacy policy).
  { path: '/terms', page: 'legal/terms-page' },
  // The advisors' workspace and the admin section (each page checks who may see it).
  { path: '/workspace', page: 'advisor-workspace/workspace-page' },
  { path: '/workspace/chat/:telegramUserId', page: 'advisor-workspace/workspace-chat-page' },
  { path: '/workspace/profile', page: 'advisor-workspace/own-profile-page' },
  { path: '/admin', page: 'admin/admin-page' },
  { path: '/admin/user/:telegramUserId', page: 'admin/admin-user-page' },
  { path: '/admin/:section', page: 'admin/admin-page' },
  // "Become an advisor": the form, then the applicant's application.
  { path: '/apply', page: 'apply/apply-page' },
  { path: '/disputes', page: 'disputes/disputes-page' },
  { path: '/disputes/new/:id', page: 'disputes/open-dispute-page' },
];

const components = new Map<PageId, LazyExoticComponent<ComponentType>>();

/** The texts a page needs (see RouteEntry.texts). */
export function textsFor(page: PageId): TextSet {
  return ROUTES.find((route) => route.page === page)?.texts ?? 'all';
}

/** The lazily loaded component of a page. */
export function pageComponent(page: PageId): LazyExoticComponent<ComponentType> {
  let component = components.get(page);
  if (!component) {
    const load: () => Promise<PageModule> = PAGES[page];
    // The page renders once both its code and its texts are here (fetched in parallel).
    component = lazy(() =>
      Promise.all([load(), ensureTexts(textsFor(page))]).then(([module]) => module),
    );
    components.set(page, component);
  }
  return component;
}

/** Starts downloading a page's code ahead of a likely visit (e.g. during the splash). */
export function preloadPage(page: PageId): void {
  void PAGES[page]();
}

/** The page that will render for `pathname`, if any (same patterns as the router). */
export function pageForPath(pathname: string): PageId | null {
  for (const route of ROUTES) {
    const pattern = new RegExp(`^${route.path.replace(/:[^/]+/g, '[^/]+')}/?$`);
    if (pattern.test(pathname)) return route.page;
  }
  return null;
}
