import { Spinner } from '@study/ui';
import { lazy, Suspense, type ComponentType } from 'react';
import { Route, Routes } from 'react-router-dom';
import { RouteGuard } from '../features/guards';
import { LandingPage } from '../features/landing';
import { Layout } from '../features/layout';
import { NoticesArea } from '../features/notices';
import { RemoteSwitch, useRemotes, type RemotesSource } from '../features/remotes';

// The landing page is in the first download; the other shell pages arrive when first opened.
const staticPages = () => import('../features/static-pages');
const AboutPage = lazy(() => staticPages().then((m) => ({ default: m.AboutPage })));
const TermsPage = lazy(() => staticPages().then((m) => ({ default: m.TermsPage })));
const PrivacyPage = lazy(() => staticPages().then((m) => ({ default: m.PrivacyPage })));

function LazyPage({ page: Page }: { page: ComponentType }) {
  return (
    <Suspense
      fallback={
        <div className="page page--narrow">
          <Spinner />
        </div>
      }
    >
      <Page />
    </Suspense>
  );
}

/** The shell's own pages, as router paths (the rest belong to the remotes). */
export const SHELL_PAGES = ['/', '/about', '/terms', '/privacy'] as const;

export interface AppProps {
  remotesSource: RemotesSource;
}

/**
 * The shell's own pages come first; every other address goes to the remote that owns it (by the
 * paths in /remotes.json), or to Not Found. The route guard decides first whether the address
 * may be shown at all.
 */
export function App({ remotesSource }: AppProps) {
  const remotes = useRemotes(remotesSource);
  return (
    <Routes>
      <Route element={<Layout overlay={<NoticesArea />} />}>
        <Route index element={<LandingPage />} />
        <Route path="about" element={<LazyPage page={AboutPage} />} />
        <Route path="terms" element={<LazyPage page={TermsPage} />} />
        <Route path="privacy" element={<LazyPage page={PrivacyPage} />} />
        <Route
          path="*"
          element={
            <RouteGuard>
              <RemoteSwitch remotes={remotes} />
            </RouteGuard>
          }
        />
      </Route>
    </Routes>
  );
}
