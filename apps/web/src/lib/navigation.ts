/** Navigation helpers usable outside components (back button, redirects after actions). */
import { navigate as browserNavigate } from 'wouter/use-browser-location';

/** The five bottom-bar destinations, in their fixed order. */
const BOTTOM_BAR_PATHS = ['/', '/history', '/operators', '/notifications', '/settings'] as const;

// Paths visited in this session, so "back" leaves the app's history only when there is none.
const visited: string[] = [];

/** Called by the layout on every location change. */
export function recordLocation(path: string): void {
  if (visited.length > 1 && visited[visited.length - 2] === path) visited.pop();
  else if (visited[visited.length - 1] !== path) visited.push(path);
}

export function navigate(path: string, options?: { replace?: boolean }): void {
  browserNavigate(path, options);
}

/** Where "back" leads when the app was opened directly on an inner page. */
function parentPath(path: string): string {
  if (/^\/operators\/[^/]+/.test(path) || /^\/operator(_profile)?\//.test(path))
    return '/operators';
  if (path.startsWith('/chat/')) return '/history';
  if (
    path.startsWith('/settings/') ||
    path === '/profile-settings' ||
    path === '/profile' ||
    path === '/privacy-policy' ||
    path === '/terms' ||
    path === '/payments'
  )
    return '/settings';
  return '/';
}

export function goBack(): void {
  if (visited.length > 1) {
    window.history.back();
    return;
  }
  const here = window.location.pathname;
  visited.length = 0;
  navigate(parentPath(here), { replace: true });
}

export function isBottomBarPath(path: string): boolean {
  return (BOTTOM_BAR_PATHS as readonly string[]).includes(path);
}
