import { Route, Routes } from 'react-router-dom';
import { RouteGuard } from '../features/guards';
import { LandingPage } from '../features/landing';
import { Layout } from '../features/layout';
import { NoticesArea } from '../features/notices';
import { RemoteSwitch, useRemotes, type RemotesSource } from '../features/remotes';
import { AboutPage, PrivacyPage, TermsPage } from '../features/static-pages';

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
        <Route path="about" element={<AboutPage />} />
        <Route path="terms" element={<TermsPage />} />
        <Route path="privacy" element={<PrivacyPage />} />
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
