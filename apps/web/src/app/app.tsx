/** The app: splash, router, layout, modals and toasts, each screen behind an error boundary. */
import { Suspense, useCallback, useEffect, useState } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { useT } from '../lib/i18n';
import { ModalHost } from '../shared/ui/modal';
import { LoadingState } from '../shared/ui/states';
import { Toasts } from '../shared/ui/toast';
import { ButtonLink } from '../shared/ui/button';
import { ErrorBoundary } from './error-boundary';
import { Layout } from './layout';
import { ROUTES, pageComponent, type PageId } from './routes';
import { Splash } from './splash';
import { SessionEnded } from './session-ended';
import { followStartParam } from './deep-link';

function NotFound() {
  const t = useT();
  return (
    <div className="page state">
      <h1>{t('common.notFoundTitle')}</h1>
      <p className="muted">{t('common.notFoundMessage')}</p>
      <ButtonLink href="/">{t('common.toHome')}</ButtonLink>
    </div>
  );
}

function Page({ page }: { page: PageId }) {
  const Component = pageComponent(page);
  return <Component />;
}

function AppRoutes() {
  const [location] = useLocation();
  return (
    <Layout>
      <ErrorBoundary resetKey={location}>
        <Suspense fallback={<LoadingState />}>
          <Switch>
            {ROUTES.map(({ path, page }) => (
              <Route key={path} path={path}>
                <Page page={page} />
              </Route>
            ))}
            <Route>
              <NotFound />
            </Route>
          </Switch>
        </Suspense>
      </ErrorBoundary>
    </Layout>
  );
}

export function App({ splash = true }: { splash?: boolean }) {
  const [showSplash, setShowSplash] = useState(splash);
  const hideSplash = useCallback(() => setShowSplash(false), []);
  useEffect(() => void followStartParam(), []);
  return (
    <ErrorBoundary>
      {/* The app renders under the splash so the first screen's data loads meanwhile. */}
      <AppRoutes />
      {showSplash && <Splash onDone={hideSplash} />}
      <ModalHost />
      <Toasts />
      <SessionEnded />
    </ErrorBoundary>
  );
}
